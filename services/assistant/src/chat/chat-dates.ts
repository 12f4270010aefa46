import { TZDate } from '@date-fns/tz';
import * as chrono from 'chrono-node';

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export interface SpokenDate {
  /** The instant meant, read as wall-clock time in the user's zone (midnight when no time was said). */
  at: Date;
  /** Whether a time of day was said ("at 10"), not only a day ("tomorrow"). */
  hasTime: boolean;
  /** Whether a day was said ("tomorrow", "Friday", "Nov 30"), not only a time. */
  hasDay: boolean;
  /** The wall-clock day in the zone, `YYYY-MM-DD`. */
  day: string;
  /** The wall-clock time in the zone, `HH:mm`, when one was said. */
  time: string | null;
  /** The words that said it. */
  text: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The first date or time in `text`, read in `zone` relative to `now` ("tomorrow at 10" in
 * Europe/Berlin is 10:00 Berlin time on the next Berlin day). Future dates are preferred ("Friday"
 * is the coming one). Chrono reads the words against the zone's wall clock presented as UTC; the
 * wall-clock result is then placed in the zone.
 */
export function parseSpokenDate(text: string, zone: string, now = new Date()): SpokenDate | null {
  const wall = new TZDate(now.getTime(), zone);
  const reference = new Date(
    Date.UTC(wall.getFullYear(), wall.getMonth(), wall.getDate(), wall.getHours(), wall.getMinutes()),
  );
  const found = chrono.parse(text, { instant: reference, timezone: 0 }, { forwardDate: true })[0];
  if (!found) return null;
  const s = found.start;
  const hasTime = s.isCertain('hour');
  const hasDay = s.isCertain('day') || s.isCertain('weekday');
  const year = s.get('year') ?? wall.getFullYear();
  const month = s.get('month') ?? wall.getMonth() + 1;
  const date = s.get('day') ?? wall.getDate();
  const hour = hasTime ? (s.get('hour') ?? 0) : 0;
  const minute = hasTime ? (s.get('minute') ?? 0) : 0;
  const day = `${year}-${pad(month)}-${pad(date)}`;
  const time = hasTime ? `${pad(hour)}:${pad(minute)}` : null;
  return { at: zonedInstant(day, time ?? '00:00', zone), hasTime, hasDay, day, time, text: found.text };
}

/** The instant of wall-clock `day` (`YYYY-MM-DD`) at `time` (`HH:mm`) in `zone`. */
export function zonedInstant(day: string, time: string, zone: string): Date {
  const [y, mo, d] = day.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  return new Date(new TZDate(y, mo - 1, d, h, mi, zone).getTime());
}

/** Today's wall-clock day in `zone`, `YYYY-MM-DD`. */
export function todayInZone(zone: string, now = new Date()): string {
  const wall = new TZDate(now.getTime(), zone);
  return `${wall.getFullYear()}-${pad(wall.getMonth() + 1)}-${pad(wall.getDate())}`;
}

/** The same instant at `hour`:00 in `zone` (a due date said without a time: the end of the working day). */
export function atHourInZone(at: Date, hour: number, zone: string): Date {
  const wall = new TZDate(at.getTime(), zone);
  return new Date(new TZDate(wall.getFullYear(), wall.getMonth(), wall.getDate(), hour, 0, zone).getTime());
}

/** "Tue, Nov 24, 10:00" in the user's zone: how dates are said back. */
export function formatInZone(at: Date | string, zone: string, withTime = true): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
  }).format(new Date(at));
}

/**
 * A meeting's length said in words ("for 45 minutes", "for an hour", "lasting 1.5 hours", "a
 * 20-minute call"), in minutes; null when none is said. "In 2 hours" is a date, not a length.
 */
export function parseDurationMinutes(text: string): number | null {
  const unit = String.raw`(minutes?|mins?|hours?|hrs?)`;
  const m =
    new RegExp(String.raw`\b(?:for|lasting)\s+(an?|half an|\d+(?:\.\d+)?)\s*${unit}\b`, 'i').exec(text) ??
    new RegExp(String.raw`\b(\d+(?:\.\d+)?)[- ]?${unit}\s+(?:meeting|call|session|sync|chat)\b`, 'i').exec(text);
  if (!m) return null;
  const n = /^half an$/i.test(m[1]) ? 0.5 : /^an?$/i.test(m[1]) ? 1 : Number(m[1]);
  const minutes = /^h/i.test(m[2]) ? n * 60 : n;
  return minutes > 0 && minutes <= 24 * 60 ? Math.round(minutes) : null;
}
