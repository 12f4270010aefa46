import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import {
  isNotNewer,
  type ImportedVersion,
  type CalendarEvent,
  type CalendarEventDto,
  type CalendarEventSaved,
  type CalendarFeedInfo,
  type EventEnvelope,
} from '@sixa/contracts';
import { WorkConfigRef } from '../config.provider';
import { changedOrThrow, WorkError, WorkErrorCode } from '../work.errors';
import type { CalendarEventDoc } from './calendar-event.schema';
import { feedToken, readFeedToken } from './calendar-feed.tokens';
import { CalendarFeedsRepository } from './calendar-feeds.repository';
import { calendarEventCreated, calendarEventDeleted, calendarEventUpdated, calendarReminder } from './calendar.events';
import { icsFileName, renderIcs } from './calendar.ics';
import type { ListCalendarEventsQuery } from './calendar.query';
import { CalendarRepository } from './calendar.repository';
import { armReminder, cleanAttendees, findConflicts, fireReminders, seriesOf } from './calendar.rules';
import {
  buildRecurrence,
  canonicalTimeZone,
  isLongSpan,
  occurrencesBetween,
  RecurrenceError,
  seriesEnd,
  type RecurrenceInput,
  type Series,
} from './recurrence';

/** The longest range one query may ask for. */
export const RANGE_MAX_DAYS = 366;
/** The most occurrences one range answer holds (a month view has a few hundred at most). */
export const RANGE_OCCURRENCES_MAX = 10_000;
/** The most events the plain list (no range) returns, by start. */
export const LIST_MAX = 10_000;
/** A feed holds the user's events that ended at most this long ago, and are still to come. */
const FEED_HISTORY_DAYS = 365;
const FEED_EVENTS_MAX = 5_000;
/** The other events read to look for overlaps with one being saved. */
const CONFLICT_CANDIDATES_MAX = 500;

const DAY_MS = 86_400_000;

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const notFound = () => new WorkError(WorkErrorCode.EventNotFound, 'Calendar event not found');
const invalid = (detail: string) => new WorkError(WorkErrorCode.InvalidInput, detail);
const feedLinkInvalid = () =>
  new WorkError(
    WorkErrorCode.FeedLinkInvalid,
    'This calendar link is not valid: it may have been replaced by a new one. Copy the current link from the Calendar screen.',
  );

/** The stored fields an event's form sets, checked. */
type EventFields = Pick<
  CalendarEventDoc,
  | 'title'
  | 'description'
  | 'start_time'
  | 'end_time'
  | 'location'
  | 'attendees'
  | 'time_zone'
  | 'recurrence'
  | 'reminder_minutes'
  | 'series_end'
  | 'long_span'
>;

/** What the timer depends on: a change to any of these re-arms it. */
const TIMING: ReadonlyArray<keyof EventFields> = [
  'start_time',
  'end_time',
  'time_zone',
  'recurrence',
  'reminder_minutes',
];

@Injectable()
export class CalendarService {
  constructor(
    private readonly events: CalendarRepository,
    private readonly feeds: CalendarFeedsRepository,
    private readonly config: WorkConfigRef,
  ) {}

  /**
   * No range: every event by start, each series once (the spec's list). A range [from, to): each
   * occurrence overlapping it, by start; an occurrence of a series keeps the series' `id`.
   */
  async list(q: ListCalendarEventsQuery): Promise<CalendarEvent[]> {
    if (q.from === undefined && q.to === undefined) return this.events.all(LIST_MAX);
    if (q.from === undefined || q.to === undefined)
      throw invalid('Give both from and to (ISO 8601) for a range, or neither for every event');
    const from = new Date(q.from);
    const to = new Date(q.to);
    if (!(from < to)) throw invalid('to must be after from');
    if (to.getTime() - from.getTime() > RANGE_MAX_DAYS * DAY_MS)
      throw invalid(`A range covers at most ${RANGE_MAX_DAYS} days: ask for a shorter one`);
    const tooMany = () =>
      invalid(`More than ${RANGE_OCCURRENCES_MAX} events fall between from and to: ask for a shorter range`);
    const events = await this.events.inRange(from, to, RANGE_OCCURRENCES_MAX + 1);
    if (events.length > RANGE_OCCURRENCES_MAX) throw tooMany();
    const out: CalendarEvent[] = [];
    for (const e of events) {
      if (!e.recurrence) {
        out.push(e);
        continue;
      }
      for (const o of occurrencesBetween(seriesOf(e), from, to))
        out.push({
          ...e,
          start_time: o.start.toISOString(),
          end_time: o.end.toISOString(),
          occurrence_start: o.start.toISOString(),
        });
      if (out.length > RANGE_OCCURRENCES_MAX) throw tooMany();
    }
    // ISO instants and hex ids order as plain strings (no locale collation: a month has thousands).
    return out.sort((a, b) => compareText(a.start_time, b.start_time) || compareText(a.id, b.id));
  }

  async get(id: string): Promise<CalendarEvent> {
    const event = await this.events.findLive(id);
    if (!event) throw notFound();
    return event;
  }

  /** The form's fields checked and completed; `current` (an update) gives what the form leaves out. */
  private fields(dto: CalendarEventDto, current?: CalendarEvent): EventFields {
    const start_time = new Date(dto.start_time);
    const end_time = new Date(dto.end_time);
    if (!(end_time > start_time)) throw invalid('end_time must be after start_time');
    const zoneName = dto.time_zone ?? current?.time_zone ?? 'UTC';
    const time_zone = canonicalTimeZone(zoneName);
    if (!time_zone) throw invalid(`time_zone must be an IANA time zone name such as Europe/Berlin (not '${zoneName}')`);

    const input: RecurrenceInput | null = dto.recurrence !== undefined ? dto.recurrence : (current?.recurrence ?? null);
    let recurrence: EventFields['recurrence'] = null;
    if (input) {
      try {
        recurrence = buildRecurrence(input, { start_time, end_time, time_zone });
      } catch (e) {
        if (e instanceof RecurrenceError) throw invalid(e.message);
        throw e;
      }
    }
    const series: Series = { start_time, end_time, time_zone, recurrence };
    return {
      title: dto.title,
      description: dto.description ?? current?.description ?? '',
      start_time,
      end_time,
      location: dto.location ?? current?.location ?? '',
      attendees: dto.attendees !== undefined ? cleanAttendees(dto.attendees) : (current?.attendees ?? []),
      time_zone,
      recurrence,
      reminder_minutes: dto.reminder_minutes !== undefined ? dto.reminder_minutes : (current?.reminder_minutes ?? null),
      series_end: seriesEnd(series),
      long_span: isLongSpan(series),
    };
  }

  /**
   * `opts.idempotencyKey` (a workflow step's, a synced record's): the event made once under it,
   * whatever the retries. `opts.imported`: what a provider sent for it (see ImportedVersion).
   */
  async create(
    actor: AuthUser,
    dto: CalendarEventDto,
    now = new Date(),
    opts: { idempotencyKey?: string; imported?: ImportedVersion } = {},
  ): Promise<CalendarEventSaved> {
    const fields = this.fields(dto);
    const key = opts.idempotencyKey;
    const create = (data: Partial<CalendarEventDoc>, events: (created: CalendarEvent) => EventEnvelope[]) =>
      key ? this.events.insertOnce(key, data, events) : this.events.insert(data, events);
    const event = await create(
      {
        ...fields,
        created_by: actor.id,
        ...armReminder(seriesOf(fields), fields.reminder_minutes, now, null),
        last_reminded_start: null,
        deleted_at: null,
        live: true,
        ...(opts.imported ? { imported: opts.imported } : {}),
      },
      (created) => [calendarEventCreated(actor.id, created)],
    );
    return { ...event, conflicts: await this.conflicts(event) };
  }

  private mayChange(actor: AuthUser, event: CalendarEvent, verb: 'change' | 'delete'): void {
    if (event.created_by !== actor.id && actor.role !== 'admin')
      throw new WorkError(WorkErrorCode.EventNotYours, `Only the event's creator or an admin can ${verb} it`);
  }

  /** PUT /calendar/events/{id}: the form's fields (what it leaves out stays), by the creator or an admin. */
  async update(
    actor: AuthUser,
    id: string,
    dto: CalendarEventDto,
    now = new Date(),
    opts: { imported?: ImportedVersion; expectedRev?: number } = {},
  ): Promise<CalendarEventSaved> {
    for (let attempt = 0; ; attempt++) {
      const current = await this.get(id);
      this.mayChange(actor, current, 'change');
      const fields = this.fields(dto, current);
      const reminderOccurrence = await this.events.reminderOf(id);
      if (reminderOccurrence === undefined) throw notFound();
      const result = await this.events.changeById(
        id,
        (doc) => {
          // A provider's version no newer than the one applied (a page that came late): nothing.
          if (opts.imported && isNotNewer(doc.imported, opts.imported)) return null;
          const before = this.events.map(doc);
          const set: Partial<CalendarEventDoc> = { ...fields, ...(opts.imported ? { imported: opts.imported } : {}) };
          const timingChanged = TIMING.some(
            (f) => JSON.stringify(fields[f] ?? null) !== JSON.stringify(doc[f] ?? null),
          );
          // The timer is re-armed only when the times change: a new title does not repeat a reminder.
          if (timingChanged)
            Object.assign(set, armReminder(seriesOf(fields), fields.reminder_minutes, now, doc.last_reminded_start));
          const changed = Object.entries(set).some(
            ([k, v]) => JSON.stringify(v ?? null) !== JSON.stringify(doc[k as keyof CalendarEventDoc] ?? null),
          );
          if (!changed) return null;
          return {
            set,
            events: (after) => {
              const updated = calendarEventUpdated(actor.id, before, after);
              return updated ? [updated] : ([] as EventEnvelope[]);
            },
          };
        },
        { expectedRev: opts.expectedRev ?? dto.rev, reminderOccurrence },
      );
      // The reminder timer moved on between the reads: read again (bounded; it moves rarely).
      if (result.status === 'missing' && attempt < 5 && (await this.events.findLive(id))) continue;
      const event = changedOrThrow(result, 'event', notFound);
      return { ...event, conflicts: await this.conflicts(event) };
    }
  }

  async remove(actor: AuthUser, id: string): Promise<void> {
    const current = await this.get(id);
    this.mayChange(actor, current, 'delete');
    const result = await this.events.changeById(id, (doc) => ({
      set: { deleted_at: new Date(), live: false, next_reminder_at: null, next_reminder_occurrence: null },
      events: () => [calendarEventDeleted(actor.id, this.events.map(doc))],
    }));
    changedOrThrow(result, 'event', notFound);
  }

  /** Other events of the same attendees overlapping this one's occurrences (a warning). */
  private async conflicts(event: CalendarEvent) {
    if (!event.attendees.length) return [];
    const series = seriesOf(event);
    const span = { from: series.start_time, to: seriesEnd(series) };
    const others = await this.events.ofAttendees(
      event.attendees,
      span.from,
      span.to,
      event.id,
      CONFLICT_CANDIDATES_MAX,
    );
    return findConflicts(event, span, others);
  }

  /** GET /calendar/events/{id}.ics: the event (with its RRULE) as a file. */
  async ics(id: string): Promise<{ fileName: string; body: string }> {
    const event = await this.get(id);
    return { fileName: icsFileName(event), body: renderIcs([event], { name: event.title }) };
  }

  private feedInfo(userId: string, version: number): CalendarFeedInfo {
    const base = this.config.value.publicUrl;
    const url = `${base}/api/calendar/feed/${feedToken(this.config.value.calendarFeedSecret, userId, version)}.ics`;
    return { url, webcal_url: url.replace(/^https?:\/\//, 'webcal://') };
  }

  /** The signed-in user's feed link (the same one until they rotate it). */
  async feedLink(actor: AuthUser): Promise<CalendarFeedInfo> {
    return this.feedInfo(actor.id, await this.feeds.current(actor.id, actor.email.toLowerCase()));
  }

  /** A new feed link; the previous one stops working at once. */
  async rotateFeedLink(actor: AuthUser): Promise<CalendarFeedInfo> {
    return this.feedInfo(actor.id, await this.feeds.rotate(actor.id, actor.email.toLowerCase()));
  }

  /** GET /calendar/feed/{token}.ics (no sign-in: the token is the credential): the user's events. */
  async feed(token: string, now = new Date()): Promise<string> {
    const claim = readFeedToken(this.config.value.calendarFeedSecret, token);
    if (!claim) throw feedLinkInvalid();
    const feed = await this.feeds.find(claim.userId);
    if (!feed || feed.version !== claim.version) throw feedLinkInvalid();
    const since = new Date(now.getTime() - FEED_HISTORY_DAYS * DAY_MS);
    const events = await this.events.ofUser(claim.userId, feed.email, since, FEED_EVENTS_MAX);
    return renderIcs(events, { name: 'Sixa calendar', publishedAt: now });
  }

  /**
   * The durable reminder timer's work: each event whose stored reminder time has come publishes
   * `calendar.reminder` for the occurrence(s) due and moves its timer to the next occurrence, in one
   * conditional write (see CalendarRepository.fireReminder).
   */
  async sendDueReminders(now = new Date()): Promise<number> {
    let sent = 0;
    // Bounded: what is left waits for the next turn.
    for (let round = 0; round < 50; round++) {
      const ids = await this.events.dueForReminder(now);
      for (const id of ids)
        sent += await this.events.fireReminder(id, now, (doc) => {
          const minutes = doc.reminder_minutes;
          if (minutes === null || !doc.next_reminder_occurrence)
            return { set: { next_reminder_at: null, next_reminder_occurrence: null }, events: () => [] };
          const { remind, next } = fireReminders(seriesOf(doc), minutes, doc.next_reminder_occurrence, now);
          const set: Partial<CalendarEventDoc> = { ...next };
          if (remind.length) set.last_reminded_start = remind[remind.length - 1];
          return { set, events: (after) => remind.map((start) => calendarReminder(after, start, minutes)) };
        });
      if (ids.length < 100) break;
    }
    return sent;
  }
}
