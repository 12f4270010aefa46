import type { Recurrence, RecurrenceFrequency } from '@sixa/contracts';
import { Frequency, RRule } from 'rrule';

/**
 * Recurring events: the rule (RFC 5545 RRULE, computed with `rrule`) runs on the wall clock of the
 * event's time zone, so that a weekly 09:00 meeting in Europe/Berlin stays at 09:00 across daylight
 * saving time; each wall-clock occurrence is then turned back into an instant with `Intl`.
 *
 * (`rrule`'s own `tzid` option converts through the process's local zone; the wall clock is given to
 * it as a "floating" date instead, whose UTC fields are the local time, which it handles exactly.)
 */

const DAY_MS = 86_400_000;

/** The most occurrences a series may have (about two years of a daily event). */
export const MAX_OCCURRENCES = 730;

/** What the rules need of an event. */
export interface Series {
  start_time: Date;
  end_time: Date;
  time_zone: string;
  recurrence: { freq: RecurrenceFrequency; interval: number; count: number | null; until: Date | null } | null;
}

export interface Occurrence {
  start: Date;
  end: Date;
}

/** Why a recurrence cannot be accepted, in words for the person who entered it. */
export class RecurrenceError extends Error {}

const FREQUENCY: Record<RecurrenceFrequency, Frequency> = {
  daily: Frequency.DAILY,
  weekly: Frequency.WEEKLY,
  monthly: Frequency.MONTHLY,
};

/** The shortest period of each frequency: an occurrence may not last longer (it would overlap the next). */
const SHORTEST_PERIOD_MS: Record<RecurrenceFrequency, number> = {
  daily: DAY_MS,
  weekly: 7 * DAY_MS,
  monthly: 28 * DAY_MS,
};

// ---------------------------------------------------------------------------------------------
// Time zones

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The IANA name as `Intl` spells it ('europe/berlin' → 'Europe/Berlin'), or null when it is not one. */
export function canonicalTimeZone(name: string): string | null {
  if (!name.trim()) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name.trim() }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const isUtc = (timeZone: string) => timeZone === 'UTC' || timeZone === 'Etc/UTC';

/** The zone's offset from UTC at `t` (ms), read from Intl (second precision, as zones are). */
function offsetFromIntl(t: number, timeZone: string): number {
  const p: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(t)))
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  const whole = t - (((t % 1000) + 1000) % 1000);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - whole;
}

/** Offsets hold for long stretches: kept per zone and quarter hour, when constant through it. */
const OFFSET_SPAN_MS = 15 * 60_000;
const offsets = new Map<string, Map<number, number>>();

function offsetAt(t: number, timeZone: string): number {
  let known = offsets.get(timeZone);
  if (!known) offsets.set(timeZone, (known = new Map()));
  const span = Math.floor(t / OFFSET_SPAN_MS);
  const hit = known.get(span);
  if (hit !== undefined) return hit;
  const first = offsetFromIntl(span * OFFSET_SPAN_MS, timeZone);
  // A quarter hour with a change of offset in it is not kept: asked again, it is read again.
  if (first !== offsetFromIntl((span + 1) * OFFSET_SPAN_MS - 1, timeZone)) return offsetFromIntl(t, timeZone);
  if (known.size >= 100_000) known.clear();
  known.set(span, first);
  return first;
}

/** The wall-clock time at `instant` in `timeZone`, as a "floating" date whose UTC fields are that time. */
export function toWallClock(instant: Date, timeZone: string): Date {
  if (isUtc(timeZone)) return new Date(instant.getTime());
  return new Date(instant.getTime() + offsetAt(instant.getTime(), timeZone));
}

/**
 * The instant at which `timeZone`'s clocks show `wall` (a floating date), as RFC 5545 reads a local
 * time: one that happens twice (the fall-back night) is its first occurrence; one skipped (02:30 on
 * the spring-forward night) is read with the offset before the change (so 03:30).
 */
export function fromWallClock(wall: Date, timeZone: string): Date {
  if (isUtc(timeZone)) return new Date(wall.getTime());
  const w = wall.getTime();
  // Offsets differ from the wall clock by less than a day: these are the ones either side of it.
  const before = offsetAt(w - DAY_MS, timeZone);
  const after = offsetAt(w + DAY_MS, timeZone);
  if (before === after) return new Date(w - before);
  const showing = [w - before, w - after].filter((t) => t + offsetAt(t, timeZone) === w);
  return new Date(showing.length ? Math.min(...showing) : w - before);
}

// ---------------------------------------------------------------------------------------------
// Rules

/** Frequencies whose every period holds exactly one occurrence, a fixed number of days apart. */
const FIXED_PERIOD_DAYS: Partial<Record<RecurrenceFrequency, number>> = { daily: 1, weekly: 7 };

/**
 * The series' rule on the wall clock. With `near` (the earliest instant the caller needs), a daily
 * or weekly rule starts at its last occurrence a period or more before it, with the count reduced
 * by those skipped: the same occurrences from there on, without iterating through a long past
 * (those rules repeat exactly every N days of wall-clock time). Null: nothing left from there.
 */
function ruleOf(series: Series, near?: Date): RRule | null {
  const r = series.recurrence!;
  let dtstart = toWallClock(series.start_time, series.time_zone);
  let count = r.count;
  const days = FIXED_PERIOD_DAYS[r.freq];
  if (near && days) {
    const period = days * r.interval * DAY_MS;
    const skip = Math.floor((toWallClock(near, series.time_zone).getTime() - dtstart.getTime()) / period) - 1;
    if (skip > 0) {
      if (count !== null && count <= skip) return null;
      if (count !== null) count -= skip;
      dtstart = new Date(dtstart.getTime() + skip * period);
    }
  }
  return new RRule(
    {
      freq: FREQUENCY[r.freq],
      interval: r.interval,
      count,
      until: r.until ? toWallClock(r.until, series.time_zone) : null,
      dtstart,
    },
    true,
  );
}

/** The RRULE property as RFC 5545 writes it (UNTIL in UTC, as it must be beside a DTSTART with a TZID). */
export function rruleText(r: {
  freq: RecurrenceFrequency;
  interval: number;
  count: number | null;
  until: Date | null;
}) {
  return RRule.optionsToString({
    freq: FREQUENCY[r.freq],
    interval: r.interval,
    count: r.count,
    until: r.until,
  });
}

export interface RecurrenceInput {
  freq: RecurrenceFrequency;
  interval?: number;
  count?: number | null;
  until?: string | null;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Checks a recurrence as entered and gives it its stored form (a date-only `until` means the end of
 * that day in the event's time zone). A series must end: `count` or `until`, not both, not neither.
 */
export function buildRecurrence(
  input: RecurrenceInput,
  event: { start_time: Date; end_time: Date; time_zone: string },
): NonNullable<Series['recurrence']> {
  const interval = input.interval ?? 1;
  const count = input.count ?? null;
  const untilText = input.until ?? null;
  if (count === null && untilText === null)
    throw new RecurrenceError(
      'A repeating event must end: give recurrence.count (how many times) or recurrence.until (the last day)',
    );
  if (count !== null && untilText !== null)
    throw new RecurrenceError('Give recurrence.count or recurrence.until, not both');
  let until: Date | null = null;
  if (untilText !== null) {
    until = DATE_ONLY.test(untilText)
      ? fromWallClock(new Date(`${untilText}T23:59:59.999Z`), event.time_zone)
      : new Date(untilText);
    if (Number.isNaN(until.getTime())) throw new RecurrenceError('recurrence.until must be an ISO 8601 date-time');
    if (until < event.start_time) throw new RecurrenceError('recurrence.until must not be before start_time');
  }
  const longest = SHORTEST_PERIOD_MS[input.freq] * interval;
  if (event.end_time.getTime() - event.start_time.getTime() > longest)
    throw new RecurrenceError(
      `An event repeating ${describe(input.freq, interval)} cannot last longer than that (it would overlap its next occurrence)`,
    );
  const recurrence = { freq: input.freq, interval, count, until };
  const series: Series = { ...event, recurrence };
  const n = ruleOf(series)!.all((_, i) => i <= MAX_OCCURRENCES).length;
  if (n > MAX_OCCURRENCES)
    throw new RecurrenceError(
      `A series has at most ${MAX_OCCURRENCES} occurrences; this one would have more: end it earlier`,
    );
  return recurrence;
}

function describe(freq: RecurrenceFrequency, interval: number): string {
  const unit = { daily: 'day', weekly: 'week', monthly: 'month' }[freq];
  return interval === 1 ? `every ${unit}` : `every ${interval} ${unit}s`;
}

/** RRULE texts already written, by rule (a range query maps hundreds of series, most alike). */
const rruleTexts = new Map<string, string>();

/** The API's form of a stored recurrence. */
export function recurrenceView(r: Series['recurrence']): Recurrence | null {
  if (!r) return null;
  const key = `${r.freq}|${r.interval}|${r.count}|${r.until?.getTime() ?? ''}`;
  let rrule = rruleTexts.get(key);
  if (rrule === undefined) {
    if (rruleTexts.size >= 10_000) rruleTexts.clear();
    rrule = rruleText(r);
    rruleTexts.set(key, rrule);
  }
  return { freq: r.freq, interval: r.interval, count: r.count, until: r.until ? r.until.toISOString() : null, rrule };
}

// ---------------------------------------------------------------------------------------------
// Occurrences

const durationOf = (s: Series) => s.end_time.getTime() - s.start_time.getTime();

function occurrenceAt(series: Series, wall: Date): Occurrence {
  const start = fromWallClock(wall, series.time_zone);
  return { start, end: new Date(start.getTime() + durationOf(series)) };
}

/**
 * The occurrences that overlap [from, to) (start before `to`, end after `from`), in order of start.
 * A single event is its own one occurrence.
 */
export function occurrencesBetween(series: Series, from: Date, to: Date): Occurrence[] {
  if (!series.recurrence) {
    return series.start_time < to && series.end_time > from ? [{ start: series.start_time, end: series.end_time }] : [];
  }
  // The rule runs on wall-clock times: widen by a day on each side for the zone's offset, then keep
  // exactly the occurrences that overlap the range.
  const earliest = new Date(from.getTime() - durationOf(series) - DAY_MS);
  const fixed = fixedPeriodBetween(series, earliest, new Date(to.getTime() + DAY_MS));
  if (fixed) return fixed.map((wall) => occurrenceAt(series, wall)).filter((o) => o.start < to && o.end > from);
  const rule = ruleOf(series, earliest);
  if (!rule) return [];
  return rule
    .between(
      toWallClock(earliest, series.time_zone),
      toWallClock(new Date(to.getTime() + DAY_MS), series.time_zone),
      true,
    )
    .map((wall) => occurrenceAt(series, wall))
    .filter((o) => o.start < to && o.end > from);
}

/**
 * For a daily or weekly rule, its wall-clock starts in [from, to] (both ends included, as RRule's
 * `between` with `inc`), computed directly: such rules repeat exactly every N days of wall-clock time,
 * so occurrence k is the first plus k periods, bounded by the count and `until`. A range query
 * expands hundreds of series; this avoids building a rule for each. Null for other frequencies.
 */
function fixedPeriodBetween(series: Series, from: Date, to: Date): Date[] | null {
  const r = series.recurrence!;
  const days = FIXED_PERIOD_DAYS[r.freq];
  if (!days) return null;
  const period = days * r.interval * DAY_MS;
  const first = toWallClock(series.start_time, series.time_zone).getTime();
  const lo = toWallClock(from, series.time_zone).getTime();
  const hi = toWallClock(to, series.time_zone).getTime();
  const until = r.until ? toWallClock(r.until, series.time_zone).getTime() : Infinity;
  const last = r.count === null ? Infinity : r.count - 1;
  const starts: Date[] = [];
  for (let k = Math.max(0, Math.ceil((lo - first) / period)); k <= last; k++) {
    const wall = first + k * period;
    if (wall > hi || wall > until) break;
    starts.push(new Date(wall));
  }
  return starts;
}

/** Every occurrence of the series (at most MAX_OCCURRENCES). */
export function allOccurrences(series: Series): Occurrence[] {
  if (!series.recurrence) return [{ start: series.start_time, end: series.end_time }];
  return ruleOf(series)!
    .all((_, i) => i < MAX_OCCURRENCES)
    .map((wall) => occurrenceAt(series, wall));
}

/**
 * The longest a single event may last and still be found by a range query from its start alone
 * (an all-day event is 24 hours; longer ones are stored with `long_span`).
 */
export const SHORT_EVENT_MAX_MS = DAY_MS;

/** A series, or a single event longer than SHORT_EVENT_MAX_MS (stored as `long_span`). */
export function isLongSpan(series: Series): boolean {
  return series.recurrence !== null || durationOf(series) > SHORT_EVENT_MAX_MS;
}

/** When the last occurrence ends: what a range query compares with its `from` (stored as `series_end`). */
export function seriesEnd(series: Series): Date {
  const all = allOccurrences(series);
  return all[all.length - 1].end;
}

/** The first occurrence starting strictly after `instant`, if any. */
export function occurrenceAfter(series: Series, instant: Date): Occurrence | null {
  if (!series.recurrence)
    return series.start_time > instant ? { start: series.start_time, end: series.end_time } : null;
  // From a day before (in wall-clock terms), then the first whose instant is after.
  const earliest = new Date(instant.getTime() - DAY_MS);
  const rule = ruleOf(series, earliest);
  if (!rule) return null;
  let wall = rule.after(toWallClock(earliest, series.time_zone), true);
  while (wall) {
    const o = occurrenceAt(series, wall);
    if (o.start > instant) return o;
    wall = rule.after(wall, false);
  }
  return null;
}
