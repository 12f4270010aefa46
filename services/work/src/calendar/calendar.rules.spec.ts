import type { CalendarEvent } from '@sixa/contracts';
import { WorkError } from '../work.errors';
import { feedToken, readFeedToken } from './calendar-feed.tokens';
import { armReminder, cleanAttendees, findConflicts, fireReminders, seriesOf } from './calendar.rules';
import { buildRecurrence, type Series } from './recurrence';

const at = (iso: string) => new Date(iso);
const MIN = 60_000;

function daily(start: string, count: number, minutes = 60): Series {
  const event = { start_time: at(start), end_time: new Date(at(start).getTime() + minutes * MIN), time_zone: 'UTC' };
  return { ...event, recurrence: buildRecurrence({ freq: 'daily', count }, event) };
}

function apiEvent(overrides: Partial<CalendarEvent>): CalendarEvent {
  return {
    id: 'e',
    title: 'Event',
    description: '',
    start_time: '2030-01-01T10:00:00.000Z',
    end_time: '2030-01-01T11:00:00.000Z',
    location: '',
    attendees: [],
    created_by: 'u',
    time_zone: 'UTC',
    recurrence: null,
    reminder_minutes: null,
    created_at: '2029-01-01T00:00:00.000Z',
    updated_at: '2029-01-01T00:00:00.000Z',
    rev: 0,
    ...overrides,
  };
}

describe('calendar rules', () => {
  describe(cleanAttendees.name, () => {
    it('splits the typed text on commas, trims, lowercases, drops empties and repeats', () => {
      expect(cleanAttendees(' A@x.com , b@Y.org,,a@X.COM, ')).toEqual(['a@x.com', 'b@y.org']);
      expect(cleanAttendees(['a@x.com, c@z.net', ' ', 'C@Z.net'])).toEqual(['a@x.com', 'c@z.net']);
      expect(cleanAttendees(undefined)).toEqual([]);
      expect(cleanAttendees('')).toEqual([]);
    });

    it('refuses what is not an e-mail address, naming it', () => {
      expect(() => cleanAttendees('a@x.com, nope')).toThrow("attendees must be e-mail addresses; not one: 'nope'");
      expect(() => cleanAttendees([42])).toThrow(WorkError);
    });

    it('refuses more than 100 attendees', () => {
      const many = Array.from({ length: 101 }, (_, i) => `p${i}@x.com`);
      expect(() => cleanAttendees(many)).toThrow(/at most 100 attendees/);
      expect(cleanAttendees(many.slice(0, 100))).toHaveLength(100);
    });
  });

  describe(armReminder.name, () => {
    const series = daily('2030-01-01T10:00:00Z', 3);

    it('aims at the first occurrence not yet started', () => {
      expect(armReminder(series, 15, at('2030-01-01T12:00:00Z'), null)).toEqual({
        next_reminder_occurrence: at('2030-01-02T10:00:00Z'),
        next_reminder_at: at('2030-01-02T09:45:00Z'),
      });
    });

    it('fires at once for an occurrence about to start whose reminder time has passed', () => {
      const s = armReminder(series, 15, at('2030-01-01T09:55:00Z'), null);
      expect(s.next_reminder_at).toEqual(at('2030-01-01T09:45:00Z'));
    });

    it('skips the occurrence already reminded of', () => {
      expect(
        armReminder(series, 30, at('2030-01-01T09:55:00Z'), at('2030-01-01T10:00:00Z')).next_reminder_occurrence,
      ).toEqual(at('2030-01-02T10:00:00Z'));
    });

    it('arms nothing without a reminder, or when every occurrence has started', () => {
      expect(armReminder(series, null, at('2029-01-01T00:00:00Z'), null).next_reminder_at).toBeNull();
      expect(armReminder(series, 15, at('2030-01-03T10:00:00Z'), null).next_reminder_at).toBeNull();
    });
  });

  describe(fireReminders.name, () => {
    const series = daily('2030-01-01T10:00:00Z', 3);

    it('reminds of the due occurrence and moves to the next', () => {
      expect(fireReminders(series, 15, at('2030-01-01T10:00:00Z'), at('2030-01-01T09:45:01Z'))).toEqual({
        remind: [at('2030-01-01T10:00:00Z')],
        next: { next_reminder_occurrence: at('2030-01-02T10:00:00Z'), next_reminder_at: at('2030-01-02T09:45:00Z') },
      });
    });

    it('passes silently by the occurrences that ended while the service was down, reminding of the one still on', () => {
      // Down from before the first reminder until 10:30 on the second day.
      const { remind, next } = fireReminders(series, 15, at('2030-01-01T10:00:00Z'), at('2030-01-02T10:30:00Z'));
      expect(remind).toEqual([at('2030-01-02T10:00:00Z')]);
      expect(next.next_reminder_occurrence).toEqual(at('2030-01-03T10:00:00Z'));
    });

    it('stops after the last occurrence', () => {
      expect(fireReminders(series, 0, at('2030-01-03T10:00:00Z'), at('2030-01-03T10:00:00Z')).next).toEqual({
        next_reminder_occurrence: null,
        next_reminder_at: null,
      });
    });
  });

  describe(findConflicts.name, () => {
    const weekly = apiEvent({
      id: 'weekly',
      title: 'Weekly',
      attendees: ['ann@x.com', 'bob@x.com'],
      start_time: '2030-01-07T10:00:00.000Z',
      end_time: '2030-01-07T11:00:00.000Z',
      recurrence: { freq: 'weekly', interval: 1, count: 4, until: null, rrule: '' },
    });

    function conflictsOf(event: CalendarEvent, others: CalendarEvent[]) {
      const s = seriesOf(event);
      return findConflicts(event, { from: s.start_time, to: at('2031-01-01T00:00:00Z') }, others);
    }

    it('finds the overlapping occurrence, for each shared attendee', () => {
      const mine = apiEvent({
        attendees: ['bob@x.com', 'ann@x.com', 'cat@x.com'],
        start_time: '2030-01-21T10:59:00.000Z',
        end_time: '2030-01-21T12:00:00.000Z',
      });
      expect(conflictsOf(mine, [weekly])).toEqual([
        expect.objectContaining({ attendee: 'ann@x.com', event_id: 'weekly', start_time: '2030-01-21T10:00:00.000Z' }),
        expect.objectContaining({ attendee: 'bob@x.com', event_id: 'weekly', start_time: '2030-01-21T10:00:00.000Z' }),
      ]);
    });

    it('finds nothing for events that only touch, or share no attendee', () => {
      const touching = apiEvent({
        attendees: ['ann@x.com'],
        start_time: '2030-01-21T11:00:00.000Z',
        end_time: '2030-01-21T12:00:00.000Z',
      });
      expect(conflictsOf(touching, [weekly])).toEqual([]);
      const stranger = apiEvent({
        attendees: ['dan@x.com'],
        start_time: '2030-01-21T10:00:00.000Z',
        end_time: '2030-01-21T11:00:00.000Z',
      });
      expect(conflictsOf(stranger, [weekly])).toEqual([]);
    });

    it('finds every overlap of two series', () => {
      const daily = apiEvent({
        attendees: ['ann@x.com'],
        start_time: '2030-01-01T10:30:00.000Z',
        end_time: '2030-01-01T10:45:00.000Z',
        recurrence: { freq: 'daily', interval: 1, count: 30, until: null, rrule: '' },
      });
      expect(conflictsOf(daily, [weekly]).map((c) => c.start_time)).toEqual([
        '2030-01-07T10:00:00.000Z',
        '2030-01-14T10:00:00.000Z',
        '2030-01-21T10:00:00.000Z',
        '2030-01-28T10:00:00.000Z',
      ]);
    });
  });

  describe('feed tokens', () => {
    it('reads back the user and version it was made for, and nothing from another secret or a changed token', () => {
      const token = feedToken('s3cret', '65f1c0ffee0000000000abcd', 3);
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(readFeedToken('s3cret', token)).toEqual({ userId: '65f1c0ffee0000000000abcd', version: 3 });
      expect(readFeedToken('other', token)).toBeNull();
      expect(readFeedToken('s3cret', `x${token.slice(1)}`)).toBeNull();
      expect(readFeedToken('s3cret', 'short')).toBeNull();
      expect(readFeedToken('s3cret', `${token}.ics`)).toBeNull();
    });
  });
});
