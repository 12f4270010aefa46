import { Schema } from 'mongoose';

/** A user's calendar feed link: the version its token must carry (rotating bumps it, revoking the old link). */
export interface CalendarFeedDoc {
  /** The user's id. */
  _id: string;
  version: number;
  /** The user's e-mail when they last asked for the link: the feed holds the events they attend. */
  email: string;
  created_at: Date;
  updated_at: Date;
}

export const CalendarFeedSchema = new Schema<CalendarFeedDoc>(
  {
    _id: { type: String, required: true },
    version: { type: Number, required: true, default: 1 },
    email: { type: String, default: '' },
  },
  {
    collection: 'calendar_feeds',
    timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' },
    versionKey: false,
  },
);
