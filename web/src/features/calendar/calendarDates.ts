import type { CalendarEvent } from '@sixa/contracts/browser';

/**
 * Calendar arithmetic in the user's time zone (the browser's): days are built from their calendar
 * fields, never by adding 24 hours, so that a day across a daylight-saving change stays one day.
 */

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

export function startOfMonth(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), 1);
}

export function addMonths(date: Date, months: number): Date {
  return new Date(date.getFullYear(), date.getMonth() + months, 1);
}

/** The Sunday starting the week that holds `date`. */
export function startOfWeek(date: Date): Date {
  return addDays(startOfDay(date), -date.getDay());
}

export function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

export function sameMonth(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of the local day: a stable key for a day cell. */
export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A half-open span of local time [start, end). */
export interface Span {
  start: Date;
  end: Date;
}

/** The days the month grid shows for `month`: whole weeks, Sunday to Saturday, 4 to 6 rows. */
export function monthGridDays(month: Date): Date[] {
  const first = startOfWeek(startOfMonth(month));
  const last = addDays(startOfWeek(addDays(addMonths(month, 1), -1)), 6);
  const days: Date[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/** From the first visible day's midnight to the midnight after the last one. */
export function monthGridSpan(month: Date): Span {
  const days = monthGridDays(month);
  return { start: days[0], end: addDays(days[days.length - 1], 1) };
}

/** The arguments of the range query: ISO instants, so the server needs no time zone. */
export function rangeArgs(span: Span): { from: string; to: string } {
  return { from: span.start.toISOString(), to: span.end.toISOString() };
}

export function daySpan(date: Date): Span {
  const start = startOfDay(date);
  return { start, end: addDays(start, 1) };
}

/** Sunday to Saturday. */
export function weekSpan(date: Date): Span {
  const start = startOfWeek(date);
  return { start, end: addDays(start, 7) };
}

export function monthSpan(date: Date): Span {
  return { start: startOfMonth(date), end: addMonths(date, 1) };
}

/** One appearance of an event: a single event, or one occurrence of a recurring one. */
export function occurrenceKey(event: CalendarEvent): string {
  return `${event.id}@${event.occurrence_start ?? event.start_time}`;
}

/**
 * Whether the event takes place during the span. An event of zero length counts on the day it is
 * at; one ending exactly at midnight does not spill into the next day.
 */
export function overlaps(event: CalendarEvent, span: Span): boolean {
  const start = new Date(event.start_time).getTime();
  const end = Math.max(new Date(event.end_time).getTime(), start + 1);
  return start < span.end.getTime() && end > span.start.getTime();
}

export function byStart(a: CalendarEvent, b: CalendarEvent): number {
  return a.start_time.localeCompare(b.start_time) || a.title.localeCompare(b.title);
}

/** The events of each visible day, sorted by start; an event over several days is on each of them. */
export function eventsByDay(events: readonly CalendarEvent[], days: readonly Date[]): Map<string, CalendarEvent[]> {
  const map = new Map<string, CalendarEvent[]>(days.map((day) => [dayKey(day), []]));
  const sorted = [...events].sort(byStart);
  for (const day of days) {
    const span = daySpan(day);
    const list = map.get(dayKey(day))!;
    for (const event of sorted) if (overlaps(event, span)) list.push(event);
  }
  return map;
}

/** Distinct appearances (a series' occurrences each count) that take place during the span. */
export function countDuring(events: readonly CalendarEvent[], span: Span): number {
  const seen = new Set<string>();
  for (const event of events) if (overlaps(event, span)) seen.add(occurrenceKey(event));
  return seen.size;
}
