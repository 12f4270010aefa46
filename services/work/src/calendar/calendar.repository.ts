import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { CalendarEvent, EventEnvelope } from '@sixa/contracts';
import { OutboxRelay } from '@sixa/kafka';
import {
  BaseRepository,
  type Change,
  type ChangeOptions,
  type ChangeResult,
  InjectConnection,
  isObjectId,
  objectId,
  toOutboxEntry,
} from '@sixa/mongo';
import type { Connection, QueryFilter } from 'mongoose';
import { CalendarEventSchema, type CalendarEventDoc } from './calendar-event.schema';
import { isLongSpan, recurrenceView, SHORT_EVENT_MAX_MS } from './recurrence';

const INTERNAL = [
  'series_end',
  'long_span',
  'next_reminder_occurrence',
  'next_reminder_at',
  'last_reminded_start',
  'deleted_at',
  'live',
  'idempotency_key',
  'imported',
];
const LIVE = { live: true };
const BY_START = { start_time: 1, _id: 1 } as const;
/** What a list leaves out: the outbox and the timer's bookkeeping (a range query reads a thousand events). */
const LISTED = {
  outbox: 0,
  next_reminder_occurrence: 0,
  next_reminder_at: 0,
  last_reminded_start: 0,
  deleted_at: 0,
  series_end: 0,
  long_span: 0,
  imported: 0,
} as const;
/** The index a range query's short events are read from (engines' planners may prefer the `long_span` one, which reads every later event). */
const BY_START_INDEX = { live: 1, start_time: 1, _id: 1 } as const;

/** Calendar events, read with indexed queries and written with conditional single-document updates. */
@Injectable()
export class CalendarRepository extends BaseRepository<CalendarEventDoc, CalendarEvent> implements OnModuleInit {
  constructor(@InjectConnection() connection: Connection, relay: OutboxRelay) {
    super(connection.model<CalendarEventDoc>('CalendarEvent', CalendarEventSchema), {
      outbox: relay,
      omit: INTERNAL,
      live: LIVE,
    });
  }

  override async onModuleInit() {
    await super.onModuleInit();
    await this.fillLongSpan();
  }

  /**
   * Events stored before `long_span` existed get it (each write sets it from then on). Idempotent, and
   * conditional on the times read, so replicas starting together or an edit meanwhile change nothing.
   */
  private async fillLongSpan(): Promise<void> {
    for (;;) {
      const docs = await this.model
        .find({ long_span: { $exists: false } }, { start_time: 1, end_time: 1, recurrence: 1 })
        .limit(500)
        .lean();
      if (!docs.length) return;
      await this.model.bulkWrite(
        docs.map((d) => ({
          updateOne: {
            filter: { _id: d._id, long_span: { $exists: false }, start_time: d.start_time, end_time: d.end_time },
            update: {
              $set: {
                long_span: isLongSpan({
                  start_time: d.start_time,
                  end_time: d.end_time,
                  time_zone: 'UTC',
                  recurrence: d.recurrence ?? null,
                }),
              },
            },
          },
        })),
        { ordered: false },
      );
      if (docs.length < 500) return;
    }
  }

  /** The API's event: the recurrence with its RRULE text. */
  override map(doc: unknown): CalendarEvent {
    const e = super.map(doc);
    const raw = (doc as Partial<CalendarEventDoc>).recurrence;
    return {
      ...e,
      time_zone: e.time_zone ?? 'UTC',
      reminder_minutes: e.reminder_minutes ?? null,
      recurrence: raw ? recurrenceView({ ...raw, until: raw.until ? new Date(raw.until) : null }) : null,
    };
  }

  private async many(
    filter: QueryFilter<CalendarEventDoc>,
    limit: number,
    sorted = true,
    index?: Record<string, 1>,
  ): Promise<CalendarEvent[]> {
    let find = this.model.find(filter, LISTED);
    if (sorted) find = find.sort(BY_START);
    if (index) find = find.hint(index);
    // All in the first batch: one round trip, no getMore (which costs a query's worth on some engines).
    return (await find.limit(limit).batchSize(limit).lean()).map((d) => this.map(d));
  }

  /** Every live event by start (the spec's plain list). */
  all(limit: number): Promise<CalendarEvent[]> {
    return this.many({ ...LIVE }, limit);
  }

  /**
   * The events with an occurrence in [from, to): single events overlapping it, series reaching into
   * it. Unsorted: the caller orders the occurrences once the series are expanded.
   */
  async inRange(from: Date, to: Date, limit: number): Promise<CalendarEvent[]> {
    const [short, long] = await Promise.all([
      // Short single events (nearly all) start at most SHORT_EVENT_MAX_MS before the range: read by start.
      this.many(
        {
          ...LIVE,
          start_time: { $gte: new Date(from.getTime() - SHORT_EVENT_MAX_MS), $lt: to },
          long_span: false,
          series_end: { $gt: from },
        },
        limit,
        false,
        BY_START_INDEX,
      ),
      // Series and long events: those still running at `from`.
      this.many({ ...LIVE, long_span: true, series_end: { $gt: from }, start_time: { $lt: to } }, limit, false),
    ]);
    return short.length ? short.concat(long) : long;
  }

  /** Other events of any of these attendees reaching into [from, to). */
  ofAttendees(attendees: string[], from: Date, to: Date, exceptId: string, limit: number): Promise<CalendarEvent[]> {
    return this.many(
      {
        attendees: { $in: attendees },
        ...LIVE,
        series_end: { $gt: from },
        start_time: { $lt: to },
        _id: { $ne: objectId(exceptId) },
      },
      limit,
    );
  }

  /** A user's feed: the events they created or attend, that end after `since`. */
  ofUser(userId: string, email: string, since: Date, limit: number): Promise<CalendarEvent[]> {
    const mine: Array<QueryFilter<CalendarEventDoc>> = [{ created_by: userId, ...LIVE, series_end: { $gt: since } }];
    if (email) mine.push({ attendees: email, ...LIVE, series_end: { $gt: since } });
    return this.many({ $or: mine }, limit);
  }

  /**
   * Changes one live event (see BaseRepository.change). With `reminderOccurrence` (what
   * `reminderOf` read), only while the reminder timer has not moved on since: the timer does not
   * bump the revision (a reminder is not an edit), so this is how an edit that re-arms it cannot
   * overwrite a firing it did not see. A miss is `missing`: read the state again and retry.
   */
  override changeById(
    id: string,
    compute: (current: CalendarEventDoc) => Change<CalendarEventDoc, CalendarEvent> | null,
    opts: ChangeOptions<CalendarEventDoc> & { reminderOccurrence?: Date | null } = {},
  ): Promise<ChangeResult<CalendarEvent, CalendarEventDoc>> {
    const where: QueryFilter<CalendarEventDoc> = {};
    if (opts.reminderOccurrence !== undefined) where.next_reminder_occurrence = opts.reminderOccurrence;
    return super.changeById(id, compute, opts, where);
  }

  /** The reminder timer's position for a live event (undefined: no such event). */
  async reminderOf(id: string): Promise<Date | null | undefined> {
    if (!isObjectId(id)) return undefined;
    const doc = await this.model.findOne({ _id: id, ...LIVE }, { next_reminder_occurrence: 1 }).lean();
    return doc ? (doc.next_reminder_occurrence ?? null) : undefined;
  }

  /**
   * One firing of an event's reminder timer, if it is due at `now`: `compute` gives the timer's next
   * position and the reminders to publish, written together in one update conditional on the
   * document being as read (revision and timer position), so a reminder goes out once whatever
   * runs at the same time. The revision is left alone: an editor's open form stays current.
   */
  async fireReminder(
    id: string,
    now: Date,
    compute: (current: CalendarEventDoc) => {
      set: Partial<CalendarEventDoc>;
      events: (after: CalendarEvent) => EventEnvelope[];
    },
  ): Promise<number> {
    const doc = (await this.model
      .findOne({ _id: id, ...LIVE, next_reminder_at: { $lte: now } })
      .lean()) as CalendarEventDoc | null;
    if (!doc) return 0;
    const c = compute(doc);
    const entries = c.events(this.map({ ...doc, ...c.set })).map(toOutboxEntry);
    const guard: QueryFilter<CalendarEventDoc> = {
      _id: doc._id,
      ...LIVE,
      rev: doc.rev,
      next_reminder_occurrence: doc.next_reminder_occurrence,
    };
    const update: Record<string, unknown> = { $set: c.set };
    if (entries.length) update.$push = { outbox: { $each: entries } };
    const written = await this.store.write(this.collectionName, doc._id, () =>
      this.model.findOneAndUpdate(guard, update, { timestamps: false }).lean(),
    );
    if (!written) return 0;
    if (entries.length) this.kick(doc._id);
    return entries.length;
  }

  /** Live events whose next reminder is due (the durable timer). */
  async dueForReminder(now: Date, limit = 100): Promise<string[]> {
    const docs = await this.model
      .find({ next_reminder_at: { $lte: now }, ...LIVE }, { _id: 1 })
      .sort({ next_reminder_at: 1 })
      .limit(limit)
      .lean();
    return docs.map((d) => String(d._id));
  }
}
