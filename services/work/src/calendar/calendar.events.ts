import type { CalendarEvent } from '@sixa/contracts';
import { createEvent } from '@sixa/kafka';

const SOURCE = 'work';

export const calendarEventCreated = (actor: string, event: CalendarEvent) =>
  createEvent(SOURCE, 'calendar.event_created', event.id, actor, { event });

const EDITABLE = [
  'title',
  'description',
  'start_time',
  'end_time',
  'location',
  'attendees',
  'time_zone',
  'recurrence',
  'reminder_minutes',
] as const;

/** What changed, with the values before and after (consumers need not call back); null when nothing did. */
export function calendarEventUpdated(actor: string, before: CalendarEvent, after: CalendarEvent) {
  const fields = EDITABLE.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]));
  if (!fields.length) return null;
  const pick = (e: CalendarEvent) => Object.fromEntries(fields.map((f) => [f, e[f]]));
  return createEvent(SOURCE, 'calendar.event_updated', after.id, actor, {
    event: after,
    changed_fields: [...fields],
    before: pick(before),
    after: pick(after),
  });
}

export const calendarEventDeleted = (actor: string, event: CalendarEvent) =>
  createEvent(SOURCE, 'calendar.event_deleted', event.id, actor, { event });

/** Once per occurrence, from the reminder timer. */
export const calendarReminder = (event: CalendarEvent, occurrenceStart: Date, minutesBefore: number) =>
  createEvent(SOURCE, 'calendar.reminder', event.id, 'system', {
    event,
    occurrence_start: occurrenceStart.toISOString(),
    minutes_before: minutesBefore,
  });
