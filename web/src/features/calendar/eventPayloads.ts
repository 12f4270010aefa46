import type { CalendarEvent, CalendarEventDto, RecurrenceDto, RecurrenceFrequency } from '@sixa/contracts/browser';

/** The spec's default for a new event: it starts now and lasts one hour. */
export const DEFAULT_EVENT_MINUTES = 60;

export const REMINDER_CHOICES = [
  { value: 5, label: '5 minutes before' },
  { value: 15, label: '15 minutes before' },
  { value: 30, label: '30 minutes before' },
  { value: 60, label: '1 hour before' },
  { value: 1440, label: '1 day before' },
] as const;

export const REPEAT_CHOICES: ReadonlyArray<{ value: RecurrenceFrequency; label: string; unit: string }> = [
  { value: 'daily', label: 'Daily', unit: 'day' },
  { value: 'weekly', label: 'Weekly', unit: 'week' },
  { value: 'monthly', label: 'Monthly', unit: 'month' },
];

export const DEFAULT_REPEAT_COUNT = 10;

/**
 * What the form holds. Times are the text of the browser's date-time inputs ('YYYY-MM-DDTHH:mm'),
 * which is local time; attendees are the comma-separated text the user typed.
 */
export interface EventFormValues {
  title: string;
  description: string;
  start: string;
  end: string;
  location: string;
  attendees: string;
  repeat: 'none' | RecurrenceFrequency;
  /** Every `interval` days/weeks/months (the form keeps an existing series' interval). */
  interval: number;
  ends: 'count' | 'until';
  count: number | null;
  /** 'YYYY-MM-DD': the last day occurrences may start on. */
  until: string;
  reminder: 'none' | number;
}

/** POST /calendar/events and PUT /calendar/events/{id}: every field set, times as ISO instants. */
export type CalendarEventBody = Required<
  Pick<
    CalendarEventDto,
    'title' | 'description' | 'start_time' | 'end_time' | 'location' | 'time_zone' | 'reminder_minutes'
  >
> & {
  attendees: string[];
  recurrence: Required<RecurrenceDto> | null;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** A date-time input's text for an instant, in local time. */
export function toLocalInput(date: Date): string {
  return `${toLocalDateInput(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A date input's text ('YYYY-MM-DD') for an instant, in local time. */
export function toLocalDateInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The instant of a date-time input's text (read as local time), or null when it is not one. */
export function fromLocalInput(text: string | undefined | null): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(text ?? '');
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number);
  return new Date(y, mo - 1, d, h, mi);
}

/** The user's IANA time zone: recurrences keep their wall-clock time in it. */
export function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Split on commas, trimmed, empties dropped (spec), and each address once. */
export function splitAttendees(text: string | undefined | null): string[] {
  const seen = new Set<string>();
  const list: string[] = [];
  for (const part of (text ?? '').split(',')) {
    const email = part.trim();
    if (email && !seen.has(email.toLowerCase())) {
      seen.add(email.toLowerCase());
      list.push(email);
    }
  }
  return list;
}

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/** The typed addresses that are not e-mail addresses (the form names them before the server does). */
export function invalidAttendees(text: string | undefined | null): string[] {
  return splitAttendees(text).filter((email) => !EMAIL.test(email));
}

/** The form of a new event: from `start` (default now), lasting one hour. */
export function newEventValues(start: Date = new Date()): EventFormValues {
  const begin = new Date(start);
  begin.setSeconds(0, 0);
  return {
    title: '',
    description: '',
    start: toLocalInput(begin),
    end: toLocalInput(new Date(begin.getTime() + DEFAULT_EVENT_MINUTES * 60_000)),
    location: '',
    attendees: '',
    repeat: 'none',
    interval: 1,
    ends: 'count',
    count: DEFAULT_REPEAT_COUNT,
    until: '',
    reminder: 'none',
  };
}

/** The form filled from an event (for a series: the series, as Edit changes all its occurrences). */
export function eventToValues(event: CalendarEvent): EventFormValues {
  const defaults = newEventValues(new Date(event.start_time));
  const recurrence = event.recurrence;
  return {
    ...defaults,
    title: event.title,
    description: event.description ?? '',
    start: toLocalInput(new Date(event.start_time)),
    end: toLocalInput(new Date(event.end_time)),
    location: event.location ?? '',
    attendees: event.attendees.join(', '),
    repeat: recurrence?.freq ?? 'none',
    interval: recurrence?.interval ?? 1,
    ends: recurrence?.until ? 'until' : 'count',
    count: recurrence?.count ?? DEFAULT_REPEAT_COUNT,
    until: recurrence?.until ? toLocalDateInput(new Date(recurrence.until)) : '',
    reminder: event.reminder_minutes ?? 'none',
  };
}

/** Create or Update stays disabled until these are filled (spec). */
export function hasRequiredEventFields(values: Partial<Pick<EventFormValues, 'title' | 'start' | 'end'>>): boolean {
  return Boolean(values.title?.trim() && values.start && values.end);
}

/** The end of the chosen local day: a series ending 'on' a date keeps that day's occurrences. */
function endOfLocalDay(dateText: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateText);
  if (!match) return null;
  const [, y, m, d] = match.map(Number);
  return new Date(y, m - 1, d, 23, 59, 59).toISOString();
}

export function buildEventBody(values: EventFormValues): CalendarEventBody {
  const start = fromLocalInput(values.start);
  const end = fromLocalInput(values.end);
  const body: CalendarEventBody = {
    title: values.title.trim(),
    description: values.description?.trim() ?? '',
    // Unparseable text goes as it is: the server answers with its reason.
    start_time: start ? start.toISOString() : values.start,
    end_time: end ? end.toISOString() : values.end,
    location: values.location?.trim() ?? '',
    attendees: splitAttendees(values.attendees),
    time_zone: userTimeZone(),
    recurrence:
      values.repeat === 'none'
        ? null
        : {
            freq: values.repeat,
            interval: values.interval || 1,
            count: values.ends === 'count' ? (values.count ?? DEFAULT_REPEAT_COUNT) : null,
            until: values.ends === 'until' ? endOfLocalDay(values.until) : null,
          },
    reminder_minutes: values.reminder === 'none' ? null : values.reminder,
  };
  return body;
}
