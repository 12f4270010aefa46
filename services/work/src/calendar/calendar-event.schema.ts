import { RECURRENCE_FREQUENCIES, type RecurrenceFrequency, type ImportedVersion } from '@sixa/contracts';
import type { OutboxEntry } from '@sixa/mongo';
import { Schema, type Types } from 'mongoose';

export interface StoredRecurrence {
  freq: RecurrenceFrequency;
  interval: number;
  count: number | null;
  until: Date | null;
}

export interface CalendarEventDoc {
  _id: Types.ObjectId;
  title: string;
  description: string;
  start_time: Date;
  end_time: Date;
  location: string;
  /** Lowercased e-mails, each once. */
  attendees: string[];
  created_by: string;
  time_zone: string;
  recurrence: StoredRecurrence | null;
  reminder_minutes: number | null;
  /**
   * When the last occurrence ends (`end_time` for a single event): a range query asks for
   * `start_time < to AND series_end > from`, so that only the series reaching into the range are read.
   */
  series_end: Date;
  /**
   * A series, or a single event lasting more than SHORT_EVENT_MAX_MS: what a range query must look
   * for by `series_end`. The others (nearly all) it finds by start alone, in [from − that, to), so it
   * reads little more than the events of the range itself (see CalendarRepository.inRange).
   */
  long_span: boolean;
  /**
   * The reminder timer, stored: the start of the next occurrence to remind of, and when to (its start
   * less `reminder_minutes`). Null: nothing left to remind of. Each firing advances both in the same
   * write as its `calendar.reminder` event, so a reminder goes out once, across restarts.
   */
  next_reminder_occurrence: Date | null;
  next_reminder_at: Date | null;
  /** The start of the last occurrence reminded of: an edit that re-arms the timer does not remind of it twice. */
  last_reminded_start: Date | null;
  /** Soft delete: the event goes once its calendar.event_deleted event is out (see OutboxRelay). */
  deleted_at: Date | null;
  /** False once deleted: what queries filter on (an exact equality, unlike `deleted_at: null`; see the tasks). */
  live: boolean;
  /** A workflow step's `runId:index`: the event it made, made once (unique; absent for events people make). */
  idempotency_key?: string;
  /** An event a sync brought in: what the provider last sent for it. */
  imported?: ImportedVersion;
  created_at: Date;
  updated_at: Date;
  rev: number;
  outbox: OutboxEntry[];
}

const RecurrenceSchema = new Schema<StoredRecurrence>(
  {
    freq: { type: String, enum: RECURRENCE_FREQUENCIES, required: true },
    interval: { type: Number, required: true, min: 1 },
    count: { type: Number, default: null },
    until: { type: Date, default: null },
  },
  { _id: false },
);

export const CalendarEventSchema = new Schema<CalendarEventDoc>(
  {
    title: { type: String, required: true },
    description: { type: String, default: '' },
    start_time: { type: Date, required: true },
    end_time: { type: Date, required: true },
    location: { type: String, default: '' },
    attendees: { type: [String], default: [] },
    created_by: { type: String, required: true },
    time_zone: { type: String, default: 'UTC' },
    recurrence: { type: RecurrenceSchema, default: null },
    reminder_minutes: { type: Number, default: null },
    series_end: { type: Date, required: true },
    long_span: { type: Boolean, required: true },
    next_reminder_occurrence: { type: Date, default: null },
    next_reminder_at: { type: Date, default: null },
    last_reminded_start: { type: Date, default: null },
    deleted_at: { type: Date, default: null },
    live: { type: Boolean, default: true },
    idempotency_key: { type: String },
    imported: { type: Schema.Types.Mixed, default: undefined },
    rev: { type: Number, default: 0 },
    outbox: { type: [{ _id: false, id: String, topic: String, key: String, value: String }], default: [] },
  },
  {
    collection: 'calendar_events',
    timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' },
    versionKey: false,
  },
);

// The plain list: live events by start (the sort read from the index, no in-memory sort); and a
// range query's short events, `start_time >= from − SHORT_EVENT_MAX_MS AND start_time < to`.
CalendarEventSchema.index({ live: 1, start_time: 1, _id: 1 });
// A range query's series and long events, `long_span AND series_end > from AND start_time < to`:
// only those still running at `from` (a few hundred), not every event after it.
CalendarEventSchema.index({ live: 1, long_span: 1, series_end: 1, start_time: 1 });
// Overlap warnings and the feed: an attendee's events reaching into a span.
CalendarEventSchema.index({ attendees: 1, live: 1, series_end: 1, start_time: 1 });
// The feed: a user's own events.
CalendarEventSchema.index({ created_by: 1, live: 1, series_end: 1 });
// The reminder timer: the next reminders due.
CalendarEventSchema.index({ next_reminder_at: 1 });
// One event per workflow step (insertOnce); sparse: events people make have no key.
CalendarEventSchema.index({ idempotency_key: 1 }, { unique: true, sparse: true });
