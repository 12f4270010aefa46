import type { CalendarConflict, CalendarEvent, CalendarFeedInfo, User } from '@sixa/contracts/browser';
import { mockApi, type ApiCall, type MockApi, type MockReply } from '../../../test/mockApi';

let sequence = 0;

/** An event as the work service stores it (one hour, today at 10:00 unless told otherwise). */
export function buildEvent(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  sequence += 1;
  const start = new Date();
  start.setHours(10, 0, 0, 0);
  return {
    id: `event-${sequence}`,
    etag: `0.event-${sequence}`,
    title: `Event ${sequence}`,
    description: '',
    start_time: start.toISOString(),
    end_time: new Date(start.getTime() + 3_600_000).toISOString(),
    location: '',
    attendees: [],
    created_by: 'employee-1',
    time_zone: 'UTC',
    recurrence: null,
    reminder_minutes: null,
    created_at: '2026-01-01T09:00:00.000Z',
    updated_at: '2026-01-01T09:00:00.000Z',
    rev: 0,
    ...overrides,
  };
}

/** `days` from today at `hour`:00 local time, as an ISO instant. */
export function atDay(days: number, hour = 10, minute = 0): string {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, hour, minute).toISOString();
}

/** The occurrences of a series (the rule's local wall-clock steps; enough for these tests). */
function occurrences(event: CalendarEvent): CalendarEvent[] {
  const rule = event.recurrence;
  if (!rule) return [event];
  const start = new Date(event.start_time);
  const length = new Date(event.end_time).getTime() - start.getTime();
  const until = rule.until ? new Date(rule.until).getTime() : Number.POSITIVE_INFINITY;
  const list: CalendarEvent[] = [];
  for (let i = 0; list.length < (rule.count ?? 730) && i < 730; i += 1) {
    const at = new Date(start);
    if (rule.freq === 'daily') at.setDate(at.getDate() + i * rule.interval);
    if (rule.freq === 'weekly') at.setDate(at.getDate() + 7 * i * rule.interval);
    if (rule.freq === 'monthly') at.setMonth(at.getMonth() + i * rule.interval);
    if (at.getTime() > until) break;
    list.push({
      ...event,
      start_time: at.toISOString(),
      end_time: new Date(at.getTime() + length).toISOString(),
      occurrence_start: at.toISOString(),
    });
  }
  return list;
}

const json = (body: unknown, status = 200) =>
  new Response(body === undefined || status === 204 ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });

/**
 * The work service's calendar endpoints over a list the handlers change, like the server: range
 * queries expand series into occurrences, saves answer `conflicts`. `fail` makes the next call to a
 * route answer an error instead. Every other route goes to mockApi.
 */
export function calendarBackend(initial: CalendarEvent[], me: User) {
  let events = [...initial];
  const calls: ApiCall[] = [];
  const failures = new Map<string, MockReply>();
  let conflicts: CalendarConflict[] = [];
  let feed: CalendarFeedInfo = {
    url: 'https://sixa.example/api/calendar/feed/token-1.ics',
    webcal_url: 'webcal://sixa.example/api/calendar/feed/token-1.ics',
  };

  const api: MockApi = mockApi({ 'GET /api/auth/me': { body: me } });
  const routed = globalThis.fetch;

  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    if (!url.pathname.startsWith('/api/calendar/')) return routed(request);
    const text = await request.text();
    const call: ApiCall = {
      method: request.method,
      path: url.pathname + url.search,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      headers: request.headers,
    };
    calls.push(call);
    const route = `${request.method} ${url.pathname}`;
    const failure = failures.get(route);
    if (failure) {
      failures.delete(route);
      return json(failure.body, failure.status ?? 500);
    }
    const id = /^\/api\/calendar\/events\/([^/]+?)(\.ics)?$/.exec(url.pathname);

    if (route === 'GET /api/calendar/events') {
      const from = new Date(url.searchParams.get('from') ?? 0).getTime();
      const to = new Date(url.searchParams.get('to') ?? 8.64e15).getTime();
      const inRange = events
        .flatMap(occurrences)
        .filter((e) => new Date(e.start_time).getTime() < to && new Date(e.end_time).getTime() > from);
      return json(inRange);
    }
    if (route === 'POST /api/calendar/events') {
      const body = call.body as Partial<CalendarEvent>;
      const created = buildEvent({ ...body, id: `event-new-${calls.length}`, created_by: me.id } as CalendarEvent);
      events = [...events, created];
      return json({ ...created, conflicts }, 201);
    }
    if (route === 'GET /api/calendar/feed-link') return json(feed);
    if (route === 'POST /api/calendar/feed-link/rotate') {
      feed = {
        url: 'https://sixa.example/api/calendar/feed/token-2.ics',
        webcal_url: 'webcal://sixa.example/api/calendar/feed/token-2.ics',
      };
      return json(feed);
    }
    if (id) {
      const existing = events.find((e) => e.id === decodeURIComponent(id[1]));
      if (!existing) return json({ detail: 'Event not found' }, 404);
      if (id[2]) {
        return new Response(`BEGIN:VCALENDAR\r\nSUMMARY:${existing.title}\r\nEND:VCALENDAR\r\n`, {
          headers: { 'content-type': 'text/calendar' },
        });
      }
      if (request.method === 'GET') return json(existing);
      if (request.method === 'PUT') {
        const updated = { ...existing, ...(call.body as Partial<CalendarEvent>), rev: existing.rev + 1 };
        events = events.map((e) => (e.id === existing.id ? updated : e));
        return json({ ...updated, conflicts });
      }
      if (request.method === 'DELETE') {
        events = events.filter((e) => e.id !== existing.id);
        return json(undefined, 204);
      }
    }
    return json({ detail: 'This service is not available yet' }, 503);
  }) as typeof fetch;

  return {
    api,
    calls,
    callsTo: (method: string, pathStart: string) =>
      calls.filter((c) => c.method === method && c.path.startsWith(pathStart)),
    /** The next call to `route` ('METHOD /api/path') answers this error. */
    fail(route: string, reply: MockReply) {
      failures.set(route, reply);
    },
    answerConflicts(next: CalendarConflict[]) {
      conflicts = next;
    },
    get events() {
      return events;
    },
  };
}
