import { TOPICS, type CalendarEvent, type CalendarEventSaved, type EventEnvelopeOf } from '@sixa/contracts';
import { EventRecorder, http, sleep } from '@sixa/testing';
import ICAL from 'ical.js';
import mongoose from 'mongoose';
import { newCalendarEvent, newUserToken, startWork, userIdOf, type WorkContext } from './factories';

const WEEK_MS = 7 * 86_400_000;

/** The calendar, called the way the browser calls it: through the gateway, with real Kafka and the real store. */
describe('calendar, through the gateway', () => {
  let ctx: WorkContext;
  let recorder: EventRecorder;

  beforeAll(async () => {
    ctx = await startWork(process.env.WORK_LOG ? { logLevel: process.env.WORK_LOG } : {});
    recorder = await new EventRecorder(TOPICS.work, (e) => e.type.startsWith('calendar.')).start();
  });
  afterAll(async () => {
    await recorder?.stop();
    await ctx?.stop();
  });

  const as = (token: string) => (method: string, path: string, body?: unknown) =>
    http(ctx.api, method, path, { token, body });
  const employee = (method: string, path: string, body?: unknown) => as(ctx.employee)(method, path, body);
  const admin = (method: string, path: string, body?: unknown) => as(ctx.admin)(method, path, body);

  async function created(body: Record<string, unknown>, token = ctx.employee): Promise<CalendarEventSaved> {
    const res = await as(token)('POST', '/calendar/events', body);
    expect(res.status).toBe(201);
    return res.body;
  }

  /** A unique attendee address, so that other tests' events never overlap this test's. */
  const someone = (name: string) => `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;

  describe('rules', () => {
    it('refuses an end before the start (and an end equal to it): 400 with a detail', async () => {
      const start = new Date(Date.now() + 86_400_000);
      for (const end of [new Date(start.getTime() - 3_600_000), start]) {
        const res = await employee(
          'POST',
          '/calendar/events',
          newCalendarEvent({ start_time: start.toISOString(), end_time: end.toISOString() }),
        );
        expect(res.status).toBe(400);
        expect(res.body.detail).toBe('end_time must be after start_time');
      }
    });

    it.each([
      ['no title', { title: '   ' }, /title is required/],
      ['no start', { start_time: undefined }, /start time is required/],
      ['a start that is not a date', { start_time: 'tomorrow' }, /start time is required: an ISO 8601 date-time/],
      ['no end', { end_time: undefined }, /end time is required/],
      ['an unknown time zone', { time_zone: 'Mars/Olympus_Mons' }, /time_zone must be an IANA time zone name/],
      ['a series without an end', { recurrence: { freq: 'weekly' } }, /must end/],
      [
        'a yearly series',
        { recurrence: { freq: 'yearly', count: 3 } },
        /^Recurrence: frequency must be one of: daily, weekly, monthly$/,
      ],
      ['a reminder that is not whole minutes', { reminder_minutes: 2.5 }, /whole number of minutes/],
    ])('refuses an event with %s: 400 with a detail', async (_case, overrides, detail) => {
      const res = await employee('POST', '/calendar/events', newCalendarEvent(overrides));
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(detail);
    });

    it('cleans the attendees: split on commas, trimmed, lowercased, empties dropped, each once', async () => {
      const fromText = await created(
        newCalendarEvent({ attendees: ' Ann@Example.com, bob@example.com,, ann@example.com ,  ' }),
      );
      expect(fromText.attendees).toEqual(['ann@example.com', 'bob@example.com']);
      const fromList = await created(newCalendarEvent({ attendees: ['Carl@Example.com ', '', 'carl@example.com'] }));
      expect(fromList.attendees).toEqual(['carl@example.com']);
    });

    it('refuses attendees that are not e-mail addresses, naming them', async () => {
      const res = await employee(
        'POST',
        '/calendar/events',
        newCalendarEvent({ attendees: 'ann@example.com, not-an-email, bob@' }),
      );
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe("attendees must be e-mail addresses; not one: 'not-an-email', 'bob@'");
      const tooMany = Array.from({ length: 101 }, (_, i) => `p${i}@example.com`);
      const many = await employee('POST', '/calendar/events', newCalendarEvent({ attendees: tooMany }));
      expect(many.status).toBe(400);
      expect(many.body.detail).toMatch(/at most 100 attendees/);
    });

    it('makes the signed-in user the creator, whatever the body says', async () => {
      const event = await created(newCalendarEvent({ created_by: 'current_user' }));
      expect(event.created_by).toBe(userIdOf(ctx.employee));
      expect((await employee('GET', `/calendar/events/${event.id}`)).body.created_by).toBe(userIdOf(ctx.employee));
    });

    it('publishes calendar.event_created, event_updated (with what changed) and event_deleted', async () => {
      const event = await created(newCalendarEvent({ title: 'Kick-off' }));
      const put = await employee('PUT', `/calendar/events/${event.id}`, {
        ...newCalendarEvent({ start_time: event.start_time, end_time: event.end_time }),
        title: 'Kick-off (moved room)',
        location: 'Room 2',
        rev: event.rev,
      });
      expect(put.status).toBe(200);
      expect((await employee('DELETE', `/calendar/events/${event.id}`)).status).toBe(204);
      expect((await employee('GET', `/calendar/events/${event.id}`)).status).toBe(404);

      const of = (type: string) => recorder.waitFor((e) => e.subject === event.id && e.type === type);
      expect((await of('calendar.event_created')).data).toMatchObject({ event: { id: event.id, title: 'Kick-off' } });
      const updated = (await of('calendar.event_updated')) as EventEnvelopeOf<'calendar.event_updated'>;
      expect(updated.data.changed_fields).toEqual(['title', 'location']);
      expect(updated.data.before).toEqual({ title: 'Kick-off', location: '' });
      expect(updated.data.after).toEqual({ title: 'Kick-off (moved room)', location: 'Room 2' });
      expect((await of('calendar.event_deleted')).actor).toBe(userIdOf(ctx.employee));
    });

    it('refuses an edit made from a stale revision: 409', async () => {
      const event = await created(newCalendarEvent());
      const edit = { ...newCalendarEvent({ start_time: event.start_time, end_time: event.end_time }) };
      expect((await employee('PUT', `/calendar/events/${event.id}`, { ...edit, rev: event.rev })).status).toBe(200);
      const stale = await employee('PUT', `/calendar/events/${event.id}`, { ...edit, title: 'Again', rev: event.rev });
      expect(stale.status).toBe(409);
      expect(stale.body.detail).toMatch(/changed by someone else/);
    });
  });

  describe('who may change an event', () => {
    it("lets neither another employee change nor delete someone's event (403), but an admin may", async () => {
      const other = await newUserToken(ctx);
      const event = await created(newCalendarEvent({ title: 'Mine' }));
      const edit = newCalendarEvent({ title: 'Theirs now', start_time: event.start_time, end_time: event.end_time });

      const put = await as(other.token)('PUT', `/calendar/events/${event.id}`, edit);
      expect(put.status).toBe(403);
      expect(put.body.detail).toBe("Only the event's creator or an admin can change it");
      const del = await as(other.token)('DELETE', `/calendar/events/${event.id}`);
      expect(del.status).toBe(403);
      expect(del.body.detail).toBe("Only the event's creator or an admin can delete it");
      expect((await employee('GET', `/calendar/events/${event.id}`)).body.title).toBe('Mine');

      const byAdmin = await admin('PUT', `/calendar/events/${event.id}`, edit);
      expect(byAdmin.status).toBe(200);
      expect(byAdmin.body).toMatchObject({ title: 'Theirs now', created_by: userIdOf(ctx.employee) });
      expect((await admin('DELETE', `/calendar/events/${event.id}`)).status).toBe(204);
    });
  });

  describe('recurrence and ranges', () => {
    it('shows a weekly event for 10 weeks 10 times in a range query, and once in the plain list', async () => {
      const start = new Date('2031-03-03T09:00:00.000Z');
      const series = await created(
        newCalendarEvent({
          title: 'Weekly sync',
          start_time: start.toISOString(),
          end_time: new Date(start.getTime() + 30 * 60_000).toISOString(),
          recurrence: { freq: 'weekly', interval: 1, count: 10 },
        }),
      );
      expect(series.recurrence).toEqual({
        freq: 'weekly',
        interval: 1,
        count: 10,
        until: null,
        rrule: 'RRULE:FREQ=WEEKLY;INTERVAL=1;COUNT=10',
      });

      const range = await employee('GET', '/calendar/events?from=2031-03-01T00:00:00Z&to=2031-06-01T00:00:00Z');
      expect(range.status).toBe(200);
      const mine = (range.body as CalendarEvent[]).filter((e) => e.id === series.id);
      expect(mine).toHaveLength(10);
      mine.forEach((o, i) => {
        const at = new Date(start.getTime() + i * WEEK_MS).toISOString();
        expect(o).toMatchObject({ start_time: at, occurrence_start: at, title: 'Weekly sync' });
        expect(Date.parse(o.end_time) - Date.parse(o.start_time)).toBe(30 * 60_000);
      });
      const starts = (range.body as CalendarEvent[]).map((e) => e.start_time);
      expect(starts).toEqual([...starts].sort());

      // A narrower range: only the occurrences in it.
      const april = await employee('GET', '/calendar/events?from=2031-04-01T00:00:00Z&to=2031-05-01T00:00:00Z');
      expect((april.body as CalendarEvent[]).filter((e) => e.id === series.id)).toHaveLength(4);

      const plain = await employee('GET', '/calendar/events');
      expect(plain.status).toBe(200);
      const once = (plain.body as CalendarEvent[]).filter((e) => e.id === series.id);
      expect(once).toHaveLength(1);
      expect(once[0]).not.toHaveProperty('occurrence_start');
    });

    it('shows in a range an event of several days that began before it and one ending just inside it, not one ending at its start', async () => {
      const conference = await created(
        newCalendarEvent({
          title: 'Three-day conference',
          start_time: '2032-01-30T08:00:00.000Z',
          end_time: '2032-02-02T18:00:00.000Z',
        }),
      );
      const nightShift = await created(
        newCalendarEvent({
          title: 'Night shift',
          start_time: '2032-01-31T22:00:00.000Z',
          end_time: '2032-02-01T06:00:00.000Z',
        }),
      );
      const endedBefore = await created(
        newCalendarEvent({
          title: 'Evening',
          start_time: '2032-01-31T20:00:00.000Z',
          end_time: '2032-02-01T00:00:00.000Z',
        }),
      );
      const february = await employee('GET', '/calendar/events?from=2032-02-01T00:00:00Z&to=2032-03-01T00:00:00Z');
      expect(february.status).toBe(200);
      const ids = (february.body as CalendarEvent[]).map((e) => e.id);
      expect(ids).toEqual(expect.arrayContaining([conference.id, nightShift.id]));
      expect(ids).not.toContain(endedBefore.id);
    });

    it.each([
      ['only from', '?from=2031-01-01T00:00:00Z', /Give both from and to/],
      ['to before from', '?from=2031-02-01T00:00:00Z&to=2031-01-01T00:00:00Z', /to must be after from/],
      ['more than 366 days', '?from=2031-01-01T00:00:00Z&to=2032-01-03T00:00:00Z', /at most 366 days/],
      ['a date that is not one', '?from=soon&to=2031-01-01T00:00:00Z', /from must be an ISO 8601 date/],
    ])('refuses a range with %s: 400 with a detail', async (_case, query, detail) => {
      const res = await employee('GET', `/calendar/events${query}`);
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(detail);
    });

    it('gives the .ics of a series: text/calendar, an attachment, parsed by an iCalendar parser, with the RRULE', async () => {
      const series = await created(
        newCalendarEvent({
          title: 'Stand-up',
          location: 'Room 1',
          attendees: 'ann@example.com, bob@example.com',
          start_time: '2031-01-06T08:00:00.000Z',
          end_time: '2031-01-06T08:15:00.000Z',
          time_zone: 'Europe/Berlin',
          recurrence: { freq: 'daily', count: 5 },
          reminder_minutes: 10,
        }),
      );
      const res = await fetch(`${ctx.api}/calendar/events/${series.id}.ics`, {
        headers: { authorization: `Bearer ${ctx.employee}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="Stand-up.ics"');
      const text = await res.text();

      const calendar = new ICAL.Component(ICAL.parse(text));
      const vevent = calendar.getFirstSubcomponent('vevent')!;
      expect(vevent.getFirstPropertyValue('summary')).toBe('Stand-up');
      expect(vevent.getFirstPropertyValue('location')).toBe('Room 1');
      const rrule = vevent.getFirstPropertyValue('rrule') as InstanceType<typeof ICAL.Recur>;
      expect(rrule.freq).toBe('DAILY');
      expect(rrule.count).toBe(5);
      expect(text).toContain('RRULE:FREQ=DAILY;INTERVAL=1;COUNT=5');
      // In the event's zone, with its definition, so that calendar apps keep 09:00 Berlin time.
      expect(text).toContain('DTSTART;TZID=Europe/Berlin:20310106T090000');
      expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/Berlin');
      const attendees = vevent.getAllProperties('attendee').map((p) => String(p.getFirstValue()).toLowerCase());
      expect(attendees).toEqual(['mailto:ann@example.com', 'mailto:bob@example.com']);
      expect(vevent.getFirstSubcomponent('valarm')?.getFirstPropertyValue('trigger')?.toString()).toBe('-PT10M');

      // The parser expands the same occurrences as the API.
      const ev = new ICAL.Event(vevent);
      const it = ev.iterator();
      const expanded: string[] = [];
      for (let t = it.next(); t; t = it.next()) expanded.push(t.toJSDate().toISOString());
      const api = await employee('GET', '/calendar/events?from=2031-01-01T00:00:00Z&to=2031-02-01T00:00:00Z');
      expect(expanded).toEqual(
        (api.body as CalendarEvent[]).filter((e) => e.id === series.id).map((e) => e.start_time),
      );
    });

    it('answers 404 for the .ics of an unknown event', async () => {
      const res = await employee('GET', '/calendar/events/0123456789abcdef01234567.ics');
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe('Calendar event not found');
    });
  });

  describe('overlap warnings', () => {
    it('reports the events of the same attendees that overlap, occurrences included; the event is saved', async () => {
      const ann = someone('ann');
      const bob = someone('bob');
      const weekly = await created(
        newCalendarEvent({
          title: 'Ann weekly',
          attendees: [ann],
          start_time: '2032-05-03T10:00:00.000Z',
          end_time: '2032-05-03T11:00:00.000Z',
          recurrence: { freq: 'weekly', count: 4 },
        }),
      );
      expect(weekly.conflicts).toEqual([]);

      // The third occurrence (17 May) overlaps this one for Ann; Bob is free.
      const meeting = await created(
        newCalendarEvent({
          title: 'Review',
          attendees: `${bob}, ${ann.toUpperCase()}`,
          start_time: '2032-05-17T10:30:00.000Z',
          end_time: '2032-05-17T12:00:00.000Z',
        }),
        ctx.admin,
      );
      expect(meeting.conflicts).toEqual([
        {
          attendee: ann,
          event_id: weekly.id,
          title: 'Ann weekly',
          start_time: '2032-05-17T10:00:00.000Z',
          end_time: '2032-05-17T11:00:00.000Z',
        },
      ]);
      expect((await employee('GET', `/calendar/events/${meeting.id}`)).status).toBe(200);

      // Moved to touch only the end of the occurrence: no overlap.
      const moved = await admin('PUT', `/calendar/events/${meeting.id}`, {
        ...newCalendarEvent({ title: 'Review', attendees: [bob, ann] }),
        start_time: '2032-05-17T11:00:00.000Z',
        end_time: '2032-05-17T12:00:00.000Z',
      });
      expect(moved.status).toBe(200);
      expect(moved.body.conflicts).toEqual([]);
    });
  });

  describe('subscription feed', () => {
    it('serves the feed without a bearer token through the gateway, and stops serving it after a rotate', async () => {
      const other = await newUserToken(ctx);
      const own = await created(newCalendarEvent({ title: 'My own' }), other.token);
      const invited = await created(newCalendarEvent({ title: 'Invited', attendees: [other.email] }), ctx.admin);
      const unrelated = await created(newCalendarEvent({ title: 'Not theirs' }), ctx.admin);

      const link = await as(other.token)('GET', '/calendar/feed-link');
      expect(link.status).toBe(200);
      const url: string = link.body.url;
      expect(url.startsWith(`${ctx.config.publicBaseUrl.replace(/\/$/, '')}/api/calendar/feed/`)).toBe(true);
      expect(url.endsWith('.ics')).toBe(true);
      expect(link.body.webcal_url).toBe(url.replace(/^https?:\/\//, 'webcal://'));
      // The same link until it is rotated.
      expect((await as(other.token)('GET', '/calendar/feed-link')).body.url).toBe(url);

      const path = new URL(url).pathname.replace(/^\/api/, '');
      const feed = await fetch(`${ctx.api}${path}`);
      expect(feed.status).toBe(200);
      expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
      const vevents = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents('vevent');
      const uids = vevents.map((v) => String(v.getFirstPropertyValue('uid')));
      expect(uids).toEqual(expect.arrayContaining([`${own.id}@calendar.sixa`, `${invited.id}@calendar.sixa`]));
      expect(uids).not.toContain(`${unrelated.id}@calendar.sixa`);

      const rotated = await as(other.token)('POST', '/calendar/feed-link/rotate');
      expect(rotated.status).toBe(200);
      expect(rotated.body.url).not.toBe(url);
      const old = await http(ctx.api, 'GET', path);
      expect(old.status).toBe(404);
      expect(old.body.detail).toMatch(/This calendar link is not valid/);
      const fresh = await fetch(`${ctx.api}${new URL(rotated.body.url).pathname.replace(/^\/api/, '')}`);
      expect(fresh.status).toBe(200);
    });

    it('answers 404 to a forged or malformed token', async () => {
      const link = (await employee('GET', '/calendar/feed-link')).body.url as string;
      const token = link
        .split('/')
        .pop()!
        .replace(/\.ics$/, '');
      const forged = `${token.slice(0, -3)}${token.slice(-3) === 'AAA' ? 'BBB' : 'AAA'}`;
      for (const t of [
        forged,
        'nonsense',
        `${Buffer.from(`${userIdOf(ctx.admin)}:1`).toString('base64url')}${'A'.repeat(43)}`,
      ]) {
        const res = await http(ctx.api, 'GET', `/calendar/feed/${t}.ics`);
        expect(res.status).toBe(404);
        expect(res.body.detail).toMatch(/This calendar link is not valid/);
      }
    });
  });

  describe('reminders', () => {
    it('publishes one calendar.reminder for an occurrence whose reminder time passed while the service was stopped', async () => {
      // The reminder is due 10 s from now (one minute before a start 70 s away): time enough to stop first on a loaded machine.
      const start = new Date(Date.now() + 70_000);
      const event = await created(
        newCalendarEvent({
          title: 'Call the bank',
          start_time: start.toISOString(),
          end_time: new Date(start.getTime() + 1_800_000).toISOString(),
          reminder_minutes: 1,
        }),
      );
      const remindAt = start.getTime() - 60_000;
      await ctx.restart(async () => {
        // Stopped before the reminder time: the timer has not fired (it is stored, not in memory).
        const conn = await mongoose.createConnection(ctx.config.mongoUrl, { dbName: ctx.config.mongoDb }).asPromise();
        try {
          const stored = await conn
            .collection('calendar_events')
            .findOne({ _id: new mongoose.Types.ObjectId(event.id) });
          expect(stored?.next_reminder_at?.getTime()).toBe(remindAt);
          expect(stored?.last_reminded_start ?? null).toBeNull();
        } finally {
          await conn.close();
        }
        expect(recorder.events.filter((e) => e.type === 'calendar.reminder' && e.subject === event.id)).toEqual([]);
        await sleep(Math.max(remindAt - Date.now(), 0) + 1_000);
      });

      const reminder = (await recorder.waitFor(
        (e) => e.type === 'calendar.reminder' && e.subject === event.id,
      )) as EventEnvelopeOf<'calendar.reminder'>;
      expect(reminder.data).toMatchObject({
        occurrence_start: start.toISOString(),
        minutes_before: 1,
        event: { id: event.id, title: 'Call the bank' },
      });
      expect(reminder.actor).toBe('system');
      // Several more sweeps (every 250 ms): still exactly one.
      await sleep(2_000);
      expect(recorder.events.filter((e) => e.type === 'calendar.reminder' && e.subject === event.id)).toHaveLength(1);

      // The event still works through the restarted service and gateway; its revision is the user's alone.
      const after = await employee('GET', `/calendar/events/${event.id}`);
      expect(after.status).toBe(200);
      expect(after.body.rev).toBe(event.rev);
    }, 60_000);
  });
});
