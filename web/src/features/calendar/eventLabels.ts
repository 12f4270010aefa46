import type { CalendarConflict, CalendarEvent, Recurrence } from '@sixa/contracts/browser';
import { sameDay } from './calendarDates';
import { REMINDER_CHOICES, REPEAT_CHOICES } from './eventPayloads';

/** The spec's texts (s.8); where the spec only logs, the screen still says what went wrong. */
export const CALENDAR_TEXT = {
  created: 'Event created successfully!',
  updated: 'Event updated successfully!',
  deleted: (title: string) => `Event "${title}" has been successfully deleted.`,
  shared: 'Event shared successfully!',
  copied: 'Event details copied to clipboard!',
  copiedHint: 'Paste them into an e-mail, a chat or another calendar.',
  deleteQuestion: (title: string) => `Are you sure you want to delete "${title}"?`,
  deleteWarning: 'This action cannot be undone.',
  seriesNote: 'This event repeats: your changes apply to every occurrence in the series.',
  noEvents: 'No events scheduled',
  notYours: 'Only the person who created this event, or an admin, can change it.',
} as const;

export const CALENDAR_ERRORS = {
  load: 'Could not load events.',
  create: 'Failed to create event. Please try again.',
  update: 'Failed to update event. Please try again.',
  delete: 'Failed to delete event. Please try again.',
  series: 'Could not load the event series.',
  ics: 'Could not download the event.',
  feed: 'Could not load your calendar link.',
  rotate: 'Could not reset your calendar link.',
  shareFailed: 'The event could not be shared or copied. Show its details to copy them by hand?',
} as const;

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const longDayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'long', month: 'long', day: 'numeric' });
const fullDayFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export const formatMonth = (date: Date) => monthFormat.format(date);
export const formatLongDay = (date: Date) => longDayFormat.format(date);
export const formatFullDay = (date: Date) => fullDayFormat.format(date);

/** '10:00 AM – 11:00 AM', or with the dates when the event spans several days. */
export function formatTimeRange(event: Pick<CalendarEvent, 'start_time' | 'end_time'>): string {
  const start = new Date(event.start_time);
  const end = new Date(event.end_time);
  const format = sameDay(start, end) ? timeFormat : dateTimeFormat;
  return `${format.format(start)} – ${format.format(end)}`;
}

export function formatReminder(minutes: number | null): string | null {
  if (minutes === null) return null;
  const choice = REMINDER_CHOICES.find((c) => c.value === minutes);
  if (choice) return `Reminder ${choice.label}`;
  return `Reminder ${minutes} minutes before`;
}

/** 'Repeats weekly, 10 times' / 'Repeats every 2 days until Mar 31, 2026'. */
export function formatRecurrence(recurrence: Recurrence | null): string | null {
  if (!recurrence) return null;
  const choice = REPEAT_CHOICES.find((c) => c.value === recurrence.freq);
  const every =
    recurrence.interval > 1
      ? `every ${recurrence.interval} ${choice?.unit ?? recurrence.freq}s`
      : (choice?.label.toLowerCase() ?? recurrence.freq);
  const end = recurrence.count
    ? `, ${recurrence.count} times`
    : recurrence.until
      ? ` until ${dateFormat.format(new Date(recurrence.until))}`
      : '';
  return `Repeats ${every}${end}`;
}

/** 'Overlaps with "Standup" (10:00 AM – 10:30 AM) for a@b.com'. */
export function formatConflict(conflict: CalendarConflict): string {
  return `Overlaps with "${conflict.title}" (${formatTimeRange(conflict)}) for ${conflict.attendee}`;
}

/** What Share sends or copies: the details a recipient needs. */
export function shareText(event: CalendarEvent): string {
  const start = new Date(event.start_time);
  const lines = [event.title, `${formatFullDay(start)}, ${formatTimeRange(event)}`];
  if (event.location) lines.push(`Location: ${event.location}`);
  if (event.description) lines.push('', event.description);
  if (event.attendees.length) lines.push('', `Attendees: ${event.attendees.join(', ')}`);
  return lines.join('\n');
}

/** A file name for the event's .ics: its title, reduced to safe characters. */
export function icsFileName(event: Pick<CalendarEvent, 'title'>): string {
  const base = event.title
    .trim()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'event'}.ics`;
}
