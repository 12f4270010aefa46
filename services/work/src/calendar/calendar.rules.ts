import {
  CALENDAR_ATTENDEES_MAX,
  type CalendarConflict,
  type CalendarEvent,
  type RecurrenceFrequency,
} from '@sixa/contracts';
import { isEmail } from 'class-validator';
import { WorkError, WorkErrorCode } from '../work.errors';
import { occurrenceAfter, occurrencesBetween, type Occurrence, type Series } from './recurrence';

const invalid = (detail: string) => new WorkError(WorkErrorCode.InvalidInput, detail);

/**
 * The attendees as the form types them (one text, commas between) or as a list: split on commas,
 * trimmed, lowercased, empties dropped, each once; every one must be an e-mail address.
 */
export function cleanAttendees(input: unknown): string[] {
  if (input === undefined || input === null) return [];
  const parts: unknown[] = Array.isArray(input) ? input : [input];
  if (parts.some((p) => typeof p !== 'string'))
    throw invalid('attendees must be e-mail addresses: a list, or one text with commas between them');
  const seen = new Set<string>();
  const bad: string[] = [];
  for (const raw of (parts as string[]).flatMap((p) => p.split(','))) {
    const email = raw.trim().toLowerCase();
    if (!email || seen.has(email)) continue;
    if (email.length > 254 || !isEmail(email)) bad.push(raw.trim());
    seen.add(email);
  }
  if (bad.length)
    throw invalid(
      `attendees must be e-mail addresses; not one: ${bad
        .slice(0, 5)
        .map((b) => `'${b.slice(0, 60)}'`)
        .join(', ')}${bad.length > 5 ? ` and ${bad.length - 5} more` : ''}`,
    );
  if (seen.size > CALENDAR_ATTENDEES_MAX)
    throw invalid(`An event has at most ${CALENDAR_ATTENDEES_MAX} attendees (this one has ${seen.size})`);
  return [...seen];
}

type Dated = Date | string;

/** The recurrence rules' view of an event (stored or as the API shows it). */
export function seriesOf(e: {
  start_time: Dated;
  end_time: Dated;
  time_zone?: string | null;
  recurrence: { freq: RecurrenceFrequency; interval: number; count: number | null; until: Dated | null } | null;
}): Series {
  return {
    start_time: new Date(e.start_time),
    end_time: new Date(e.end_time),
    time_zone: e.time_zone || 'UTC',
    recurrence: e.recurrence
      ? {
          freq: e.recurrence.freq,
          interval: e.recurrence.interval,
          count: e.recurrence.count ?? null,
          until: e.recurrence.until ? new Date(e.recurrence.until) : null,
        }
      : null,
  };
}

/** The reminder timer's state: the occurrence to remind of next, and when. */
export interface ReminderSchedule {
  next_reminder_occurrence: Date | null;
  next_reminder_at: Date | null;
}

const NONE: ReminderSchedule = { next_reminder_occurrence: null, next_reminder_at: null };

function scheduleFor(occurrence: Occurrence | null, minutes: number): ReminderSchedule {
  if (!occurrence) return NONE;
  return {
    next_reminder_occurrence: occurrence.start,
    next_reminder_at: new Date(occurrence.start.getTime() - minutes * 60_000),
  };
}

/**
 * The timer armed for an event as it is now saved: the first occurrence not yet started (a reminder
 * time already past fires at once: the event is about to start), except the one already reminded of.
 */
export function armReminder(
  series: Series,
  minutes: number | null,
  now: Date,
  lastRemindedStart: Date | null,
): ReminderSchedule {
  if (minutes === null) return NONE;
  let next = occurrenceAfter(series, now);
  if (next && lastRemindedStart && next.start.getTime() === lastRemindedStart.getTime())
    next = occurrenceAfter(series, next.start);
  return scheduleFor(next, minutes);
}

/** The most reminders one firing publishes (occurrences that came due together). */
const REMINDERS_PER_FIRING = 50;

/**
 * A firing of the timer at `now`: the occurrences from the stored one on whose reminder time has
 * come are reminded of (those already over are passed by silently: the service was down through
 * them), and the timer moves on to the next occurrence.
 */
export function fireReminders(
  series: Series,
  minutes: number,
  from: Date,
  now: Date,
): { remind: Date[]; next: ReminderSchedule } {
  const remind: Date[] = [];
  const duration = series.end_time.getTime() - series.start_time.getTime();
  let occurrence: Occurrence | null = { start: from, end: new Date(from.getTime() + duration) };
  while (
    occurrence &&
    occurrence.start.getTime() - minutes * 60_000 <= now.getTime() &&
    remind.length < REMINDERS_PER_FIRING
  ) {
    if (occurrence.end > now) remind.push(occurrence.start);
    occurrence = occurrenceAfter(series, occurrence.start);
  }
  return { remind, next: scheduleFor(occurrence, minutes) };
}

/** The most conflicts one answer lists. */
export const CONFLICTS_MAX = 50;

/**
 * Where `others` overlap `event` in time, for the attendees they share: one conflict per attendee
 * and overlapping occurrence, in order of start.
 */
export function findConflicts(event: CalendarEvent, span: { from: Date; to: Date }, others: CalendarEvent[]) {
  const mine = occurrencesBetween(seriesOf(event), span.from, span.to);
  if (!mine.length) return [];
  const attendees = new Set(event.attendees);
  const conflicts: CalendarConflict[] = [];
  for (const other of others) {
    const shared = other.attendees.filter((a) => attendees.has(a));
    if (!shared.length) continue;
    for (const o of occurrencesBetween(seriesOf(other), span.from, span.to)) {
      if (!overlapsAny(mine, o)) continue;
      for (const attendee of shared)
        conflicts.push({
          attendee,
          event_id: other.id,
          title: other.title,
          start_time: o.start.toISOString(),
          end_time: o.end.toISOString(),
        });
    }
  }
  conflicts.sort((a, b) => a.start_time.localeCompare(b.start_time) || a.attendee.localeCompare(b.attendee));
  return conflicts.slice(0, CONFLICTS_MAX);
}

/**
 * Whether `o` overlaps one of `sorted` (occurrences of one series: sorted by start, and, all being
 * equally long, by end too): the first that ends after `o` starts is the only candidate.
 */
function overlapsAny(sorted: Occurrence[], o: Occurrence): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid].end <= o.start) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length && sorted[lo].start < o.end;
}
