import {
  buildEventBody,
  eventToValues,
  fromLocalInput,
  hasRequiredEventFields,
  invalidAttendees,
  newEventValues,
  splitAttendees,
  toLocalInput,
} from '../eventPayloads';
import { icsFileName } from '../eventLabels';
import { buildEvent } from './calendarBackend';

describe('event payloads', () => {
  it('starts a new event now, for one hour', () => {
    const values = newEventValues(new Date(2026, 2, 10, 14, 37, 45));
    expect(values.start).toBe('2026-03-10T14:37');
    expect(values.end).toBe('2026-03-10T15:37');
    expect(values).toMatchObject({ title: '', attendees: '', repeat: 'none', reminder: 'none' });
  });

  it('splits attendees on commas, trims them, drops empties and repeats', () => {
    expect(splitAttendees(' ada@sixa.local , ,alan@sixa.local,,ADA@sixa.local ')).toEqual([
      'ada@sixa.local',
      'alan@sixa.local',
    ]);
    expect(splitAttendees('')).toEqual([]);
    expect(invalidAttendees('ada@sixa.local, bob, carol@')).toEqual(['bob', 'carol@']);
  });

  it('needs a title, a start and an end', () => {
    expect(hasRequiredEventFields({ title: '  ', start: 'x', end: 'y' })).toBe(false);
    expect(hasRequiredEventFields({ title: 'Sync', start: '', end: 'y' })).toBe(false);
    expect(hasRequiredEventFields({ title: 'Sync', start: 'x', end: 'y' })).toBe(true);
  });

  it('sends local times as ISO instants, and the series with its end', () => {
    const values = {
      ...newEventValues(new Date(2026, 2, 10, 9, 0)),
      title: '  Sync ',
      attendees: 'ada@sixa.local, ',
      repeat: 'weekly' as const,
      ends: 'until' as const,
      until: '2026-05-31',
      reminder: 15,
    };
    const body = buildEventBody(values);
    expect(body).toMatchObject({
      title: 'Sync',
      start_time: new Date(2026, 2, 10, 9, 0).toISOString(),
      end_time: new Date(2026, 2, 10, 10, 0).toISOString(),
      attendees: ['ada@sixa.local'],
      recurrence: { freq: 'weekly', interval: 1, count: null, until: new Date(2026, 4, 31, 23, 59, 59).toISOString() },
      reminder_minutes: 15,
    });
    expect(body).not.toHaveProperty('rev');
    expect(buildEventBody({ ...values, repeat: 'none', reminder: 'none' })).toMatchObject({
      recurrence: null,
      reminder_minutes: null,
    });
    expect(buildEventBody({ ...values, ends: 'count', count: 6 }).recurrence).toMatchObject({ count: 6, until: null });
  });

  it('fills the form from an event and back to the same body', () => {
    const event = buildEvent({
      title: 'Sync',
      start_time: new Date(2026, 2, 10, 9, 30).toISOString(),
      end_time: new Date(2026, 2, 10, 10, 0).toISOString(),
      attendees: ['ada@sixa.local', 'alan@sixa.local'],
      recurrence: { freq: 'monthly', interval: 2, count: 5, until: null, rrule: 'FREQ=MONTHLY;INTERVAL=2;COUNT=5' },
      reminder_minutes: 60,
    });
    const values = eventToValues(event);
    expect(values).toMatchObject({
      start: '2026-03-10T09:30',
      end: '2026-03-10T10:00',
      attendees: 'ada@sixa.local, alan@sixa.local',
      repeat: 'monthly',
      interval: 2,
      ends: 'count',
      count: 5,
      reminder: 60,
    });
    expect(buildEventBody(values)).toMatchObject({
      start_time: event.start_time,
      end_time: event.end_time,
      attendees: event.attendees,
      recurrence: { freq: 'monthly', interval: 2, count: 5, until: null },
      reminder_minutes: 60,
    });
  });

  it('reads and writes the date-time inputs in local time', () => {
    const date = new Date(2026, 11, 31, 23, 5);
    expect(toLocalInput(date)).toBe('2026-12-31T23:05');
    expect(fromLocalInput('2026-12-31T23:05')).toEqual(date);
    expect(fromLocalInput('')).toBeNull();
  });

  it('names the .ics file after the title', () => {
    expect(icsFileName({ title: 'Q1 review: "numbers" / plans' })).toBe('Q1-review-numbers-plans.ics');
    expect(icsFileName({ title: '***' })).toBe('event.ics');
  });
});
