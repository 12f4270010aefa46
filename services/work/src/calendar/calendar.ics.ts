import { TZDate } from '@date-fns/tz';
import type { CalendarEvent } from '@sixa/contracts';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalAlarmType, ICalCalendarMethod } from 'ical-generator';

/** The domain part of every event's UID: the same event keeps the same UID in downloads and feeds. */
const UID_DOMAIN = 'calendar.sixa';

/**
 * An iCalendar (RFC 5545) text of these events, made with ical-generator: times in the event's time
 * zone (with its VTIMEZONE) so that a series keeps its wall-clock time across daylight saving, the
 * RRULE for a series, the attendees, and the reminder as an alarm.
 */
export function renderIcs(events: CalendarEvent[], opts: { name: string; publishedAt?: Date }): string {
  const calendar = ical({
    name: opts.name,
    prodId: { company: 'Sixa', product: 'Workspace Calendar', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    // No calendar-wide zone: each event names its own, and a VTIMEZONE goes out for each one used.
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  for (const e of events) {
    const zoned = e.time_zone && e.time_zone !== 'UTC' ? e.time_zone : null;
    const at = (iso: string) => (zoned ? new TZDate(Date.parse(iso), zoned) : new Date(iso));
    const event = calendar.createEvent({
      id: `${e.id}@${UID_DOMAIN}`,
      sequence: e.rev,
      start: at(e.start_time),
      end: at(e.end_time),
      timezone: zoned,
      summary: e.title,
      description: e.description || null,
      location: e.location || null,
      stamp: opts.publishedAt ?? new Date(),
      created: new Date(e.created_at),
      lastModified: new Date(e.updated_at),
      repeating: e.recurrence?.rrule ?? null,
    });
    for (const email of e.attendees) event.createAttendee({ email });
    if (e.reminder_minutes !== null)
      event.createAlarm({ type: ICalAlarmType.display, trigger: e.reminder_minutes * 60, description: e.title });
  }
  return calendar.toString();
}

/** A file name for the download: the title in safe characters. */
export function icsFileName(event: CalendarEvent): string {
  const base = event.title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60);
  return `${base || 'event'}.ics`;
}
