import { digestId, periodStart } from './notification-periods';

describe(periodStart.name, () => {
  const at = new Date('2026-11-26T14:37:12.345Z'); // a Thursday

  it('starts an hourly period on the hour, a daily one at midnight and a weekly one on Monday, in UTC', () => {
    expect(periodStart('hourly', at).toISOString()).toBe('2026-11-26T14:00:00.000Z');
    expect(periodStart('daily', at).toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(periodStart('weekly', at).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });

  it('puts a boundary in the period it opens', () => {
    const monday = new Date('2026-11-23T00:00:00.000Z');
    expect(periodStart('weekly', monday)).toEqual(monday);
    expect(periodStart('weekly', new Date(monday.getTime() - 1)).toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(periodStart('weekly', new Date('2026-11-29T23:59:59.999Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });

  it('names one digest per user, frequency and boundary', () => {
    const boundary = periodStart('daily', at);
    expect(digestId('u1', 'daily', boundary)).toBe('u1:daily:2026-11-26T00:00:00.000Z');
    expect(digestId('u1', 'daily', periodStart('daily', new Date(at.getTime() + 3_600_000)))).toBe(
      digestId('u1', 'daily', boundary),
    );
  });
});
