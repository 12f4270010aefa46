/** A user's calendar feed link (collection `calendar_feeds`): the version its token must carry (rotating bumps it, revoking the old link). */
export interface CalendarFeedDoc {
  /** The user's id. */
  _id: string;
  version: number;
  /** The user's e-mail when they last asked for the link: the feed holds the events they attend. */
  email: string;
  created_at: Date;
  updated_at: Date;
}
