import type { Role, UserPreferences } from '../users';
import { TOPICS, type Topic } from './topics';

/** The user as carried in events: never the password hash. */
export interface UserSnapshot {
  id: string;
  name: string;
  email: string;
  role: Role;
  is_active: boolean;
  created_at: string;
}

export interface UserUpdatedData {
  user: UserSnapshot;
  changed_fields: string[];
  before: Partial<UserSnapshot>;
  after: Partial<UserSnapshot>;
}

/** The events of auth (users, sessions, preferences), and their data. */
export interface AuthEvents {
  'user.created': { user: UserSnapshot };
  'user.updated': UserUpdatedData;
  'user.activated': { user: UserSnapshot };
  'user.deactivated': { user: UserSnapshot };
  'user.deleted': { user: UserSnapshot };
  /**
   * One session ended (its owner signed out): every token carrying `session_id` (the `sid` claim) is
   * refused from now on. `expires_at`: when the session's token expires anyway, after which no one
   * needs to remember the revocation.
   */
  'session.revoked': { session_id: string; user_id: string; expires_at: string; reason: 'logout' };
  /**
   * Every session of the user issued up to the event's `time` ended (their password was reset by
   * e-mail link): tokens issued before it are refused, the ones signed in with afterwards work.
   */
  'user.sessions_revoked': { user_id: string; reason: 'password_reset' };
  /**
   * A user's notification frequency was chosen (by them, or by an admin for them): `preferences` as
   * they are now, `changed_fields` among them. Work e-mails notifications accordingly.
   */
  'user.preferences_updated': { user_id: string; preferences: UserPreferences; changed_fields: string[] };
}

/** Which topic each of them is published on. */
export const AUTH_EVENT_TOPICS: { [K in keyof AuthEvents]: Topic } = {
  'user.created': TOPICS.auth,
  'user.updated': TOPICS.auth,
  'user.activated': TOPICS.auth,
  'user.deactivated': TOPICS.auth,
  'user.deleted': TOPICS.auth,
  'session.revoked': TOPICS.auth,
  'user.sessions_revoked': TOPICS.auth,
  'user.preferences_updated': TOPICS.auth,
};
