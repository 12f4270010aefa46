import type { NotificationFrequency } from '@sixa/contracts';

/** The frequencies that gather notifications into one digest per period. */
export type DigestFrequency = Exclude<NotificationFrequency, 'immediate'>;

export const isDigest = (f: NotificationFrequency): f is DigestFrequency => f !== 'immediate';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The start of the period that `at` falls in, in UTC: the hour, the day from midnight, the week from
 * Monday midnight. A digest gathers what was collected before the start of the current period: it
 * goes out once the period it covers has ended.
 */
export function periodStart(frequency: DigestFrequency, at: Date): Date {
  const t = at.getTime();
  if (frequency === 'hourly') return new Date(t - (t % HOUR_MS));
  const day = t - (t % DAY_MS);
  if (frequency === 'daily') return new Date(day);
  // 1970-01-01 was a Thursday: Monday is 3 days before it, in the week's arithmetic.
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - sinceMonday * DAY_MS);
}

/** The digest of `userId` sent at `boundary` (one per user, frequency and boundary: its claim). */
export const digestId = (userId: string, frequency: DigestFrequency, boundary: Date) =>
  `${userId}:${frequency}:${boundary.toISOString()}`;
