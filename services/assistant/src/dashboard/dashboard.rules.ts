import { TZDate } from '@date-fns/tz';
import Decimal from 'decimal.js';

/** Midnight of `now`'s calendar day in `zone`. */
export function startOfDayIn(now: Date, zone: string): Date {
  const z = new TZDate(now.getTime(), zone);
  return new Date(new TZDate(z.getFullYear(), z.getMonth(), z.getDate(), 0, 0, 0, 0, zone).getTime());
}

/** The first instant of the month `offset` months from `now`'s month in `zone` (0: this month, -1: last). */
export function startOfMonthIn(now: Date, zone: string, offset = 0): Date {
  const z = new TZDate(now.getTime(), zone);
  return new Date(new TZDate(z.getFullYear(), z.getMonth() + offset, 1, 0, 0, 0, 0, zone).getTime());
}

/** `YYYY-MM` of an instant in `zone`. */
export function monthKeyIn(at: Date, zone: string): string {
  const z = new TZDate(at.getTime(), zone);
  return `${z.getFullYear()}-${String(z.getMonth() + 1).padStart(2, '0')}`;
}

/** Cents to a money amount, exactly (decimal arithmetic: no binary-float drift on the way). */
export const centsToAmount = (cents: number): number => new Decimal(cents).div(100).toDecimalPlaces(2).toNumber();

/** This month against last month in percent, one decimal; null when last month had nothing to compare with. */
export function growthPercent(thisMonthCents: number, lastMonthCents: number): number | null {
  if (lastMonthCents === 0) return null;
  return new Decimal(thisMonthCents - lastMonthCents)
    .div(lastMonthCents)
    .times(100)
    .toDecimalPlaces(1, Decimal.ROUND_HALF_UP)
    .toNumber();
}

/** Succeeded over finished, in percent with one decimal; null when nothing finished. */
export function successRate(succeeded: number, finished: number): number | null {
  if (finished === 0) return null;
  return new Decimal(succeeded).div(finished).times(100).toDecimalPlaces(1, Decimal.ROUND_HALF_UP).toNumber();
}

/**
 * A workflow's success rate "fell" when either
 * - its last RECENT_RUNS finished runs succeeded less often than the RECENT_RUNS before them, by at
 *   least FALL_POINTS percentage points (both windows holding at least MIN_RUNS runs), or
 * - its last FAILURE_STREAK runs or more all failed after it had succeeded before (a streak shows
 *   at once, long before a window of ten fills up).
 * `outcomes` are the newest first (true: succeeded); `now` and `before` are percentages (the streak's
 * `before` is that of the runs ahead of it).
 */
export const RECENT_RUNS = 10;
export const MIN_RUNS = 3;
export const FALL_POINTS = 20;
export const FAILURE_STREAK = 3;

export interface SuccessFall {
  now: number;
  before: number;
  /** The failed runs in a row at the end (0 when the last one succeeded). */
  streak: number;
}

export function successFell(outcomes: boolean[]): SuccessFall | null {
  const rate = (xs: boolean[]) => Math.round((xs.filter(Boolean).length / xs.length) * 100);
  const firstSuccess = outcomes.indexOf(true);
  const streak = firstSuccess === -1 ? outcomes.length : firstSuccess;
  if (streak >= FAILURE_STREAK && firstSuccess !== -1)
    return { now: 0, before: rate(outcomes.slice(streak, streak + RECENT_RUNS)), streak };
  const recent = outcomes.slice(0, RECENT_RUNS);
  const earlier = outcomes.slice(RECENT_RUNS, RECENT_RUNS * 2);
  if (recent.length < MIN_RUNS || earlier.length < MIN_RUNS) return null;
  const now = rate(recent);
  const before = rate(earlier);
  return before - now >= FALL_POINTS ? { now, before, streak } : null;
}

/**
 * Whether an open task is about a lead: it is tagged `lead:<id>` (what the assistant's follow-up
 * tasks carry), or its title or description names the lead's e-mail, or its full name (a whole
 * word match, case-insensitive).
 */
export function taskConcernsLead(
  task: { title: string; description: string; tags: string[] },
  lead: { id: string; name: string; email: string },
): boolean {
  return leadMatcher(lead)(taskText(task));
}

/** What of a task `leadMatcher` reads, prepared once per task. */
export interface TaskText {
  tags: Set<string>;
  text: string;
}

export const taskText = (task: { title: string; description: string; tags: string[] }): TaskText => ({
  tags: new Set(task.tags.map((t) => t.toLowerCase())),
  text: `${task.title}\n${task.description}`.toLowerCase(),
});

/** `taskConcernsLead` for one lead, its pattern compiled once (a lead is checked against every open task). */
export function leadMatcher(lead: { id: string; name: string; email: string }): (task: TaskText) => boolean {
  const tag = `lead:${lead.id}`.toLowerCase();
  const email = lead.email.toLowerCase();
  const name = lead.name.trim().toLowerCase();
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const byName = name.length >= 3 ? new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, 'u') : null;
  return (task) =>
    task.tags.has(tag) ||
    (!!email && task.text.includes(email)) ||
    (!!byName && task.text.includes(name) && byName.test(task.text));
}

/** "a, b and 3 more" from the first few names. */
export function listed(names: string[], shown = 3): string {
  if (names.length <= shown) {
    if (names.length <= 1) return names.join('');
    return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  }
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
