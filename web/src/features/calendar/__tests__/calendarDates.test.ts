import {
  countDuring,
  dayKey,
  daySpan,
  eventsByDay,
  monthGridDays,
  monthGridSpan,
  monthSpan,
  weekSpan,
} from '../calendarDates';
import { buildEvent } from './calendarBackend';

const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);
const at = (start: Date, end: Date) => buildEvent({ start_time: start.toISOString(), end_time: end.toISOString() });

describe('calendar dates', () => {
  it('shows whole weeks, Sunday to Saturday, around the month', () => {
    // March 2026: Sunday 1 to Tuesday 31 -> Sun 1 Mar .. Sat 4 Apr, 5 rows.
    const march = monthGridDays(local(2026, 3, 17));
    expect(march).toHaveLength(35);
    expect(dayKey(march[0])).toBe('2026-03-01');
    expect(dayKey(march[34])).toBe('2026-04-04');
    expect(march.every((day, i) => day.getDay() === i % 7)).toBe(true);

    // February 2026 (Sunday 1 to Saturday 28): exactly 4 rows.
    expect(monthGridDays(local(2026, 2, 1))).toHaveLength(28);
    // August 2026 starts on a Saturday and has 31 days: 6 rows.
    const august = monthGridDays(local(2026, 8, 1));
    expect(august).toHaveLength(42);
    expect(dayKey(august[0])).toBe('2026-07-26');
  });

  it('asks for the range from the first visible midnight to the one after the last visible day', () => {
    const span = monthGridSpan(local(2026, 3, 17));
    expect(span.start).toEqual(local(2026, 3, 1));
    expect(span.end).toEqual(local(2026, 4, 5));
  });

  it('puts an event on each day it takes place, but not on the day where it ends at midnight', () => {
    const days = monthGridDays(local(2026, 3, 1));
    const overnight = at(local(2026, 3, 10, 22), local(2026, 3, 11, 2));
    const untilMidnight = at(local(2026, 3, 12, 23), local(2026, 3, 13));
    const map = eventsByDay([overnight, untilMidnight], days);
    expect(map.get('2026-03-10')).toEqual([overnight]);
    expect(map.get('2026-03-11')).toEqual([overnight]);
    expect(map.get('2026-03-12')).toEqual([untilMidnight]);
    expect(map.get('2026-03-13')).toEqual([]);
  });

  it('sorts a day by start time', () => {
    const late = at(local(2026, 3, 10, 15), local(2026, 3, 10, 16));
    const early = at(local(2026, 3, 10, 8), local(2026, 3, 10, 9));
    expect(eventsByDay([late, early], monthGridDays(local(2026, 3, 1))).get('2026-03-10')).toEqual([early, late]);
  });

  it('counts today, the week from Sunday to Saturday and the month, in local time', () => {
    const today = local(2026, 4, 1, 12); // a Wednesday; its week began in March
    const events = [
      at(local(2026, 4, 1, 9), local(2026, 4, 1, 10)), // today
      at(local(2026, 3, 29, 9), local(2026, 3, 29, 10)), // Sunday: this week, last month
      at(local(2026, 4, 4, 23), local(2026, 4, 4, 23, 30)), // Saturday night: this week
      at(local(2026, 4, 5, 0), local(2026, 4, 5, 1)), // next Sunday: next week
      at(local(2026, 4, 30, 9), local(2026, 4, 30, 10)), // end of the month
      at(local(2026, 5, 1, 0), local(2026, 5, 1, 1)), // next month
    ];
    expect(countDuring(events, daySpan(today))).toBe(1);
    expect(countDuring(events, weekSpan(today))).toBe(3);
    expect(countDuring(events, monthSpan(today))).toBe(4);
  });

  it('counts each occurrence of a series once', () => {
    const first = buildEvent({ id: 'series', start_time: local(2026, 3, 2, 9).toISOString() });
    const occurrences = [2, 3, 4].map((d) => ({
      ...first,
      start_time: local(2026, 3, d, 9).toISOString(),
      end_time: local(2026, 3, d, 10).toISOString(),
      occurrence_start: local(2026, 3, d, 9).toISOString(),
    }));
    // The same occurrence twice (from two overlapping pages of data) is still one.
    expect(countDuring([...occurrences, occurrences[0]], monthSpan(local(2026, 3, 1)))).toBe(3);
  });
});
