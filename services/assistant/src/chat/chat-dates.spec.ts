import { parseDurationMinutes, parseSpokenDate, zonedInstant } from './chat-dates';

describe('parseSpokenDate', () => {
  const now = new Date('2026-11-23T21:00:00.000Z');

  it("places a day and time said in words in the user's zone", () => {
    const d = parseSpokenDate('tomorrow at 10', 'Europe/Berlin', now)!;
    expect(d).toMatchObject({ day: '2026-11-24', time: '10:00', hasDay: true, hasTime: true });
    expect(d.at.toISOString()).toBe('2026-11-24T09:00:00.000Z');
    expect(parseSpokenDate('tomorrow at 10', 'America/New_York', now)!.at.toISOString()).toBe(
      '2026-11-24T15:00:00.000Z',
    );
  });

  it('keeps summer time apart from winter time', () => {
    expect(zonedInstant('2026-07-01', '10:00', 'Europe/Berlin').toISOString()).toBe('2026-07-01T08:00:00.000Z');
  });

  it('reads lengths only where they are lengths', () => {
    expect(parseDurationMinutes('for 30 minutes')).toBe(30);
    expect(parseDurationMinutes('for an hour')).toBe(60);
    expect(parseDurationMinutes('a 20-minute call')).toBe(20);
    expect(parseDurationMinutes('in 2 hours')).toBeNull();
  });
});
