import type { EventEnvelope, User, UserPreferences, UserSnapshot } from '@sixa/contracts';
import { createEvent } from '@sixa/kafka';

export const SOURCE = 'auth';

export function snapshot(u: User): UserSnapshot {
  return { id: u.id, name: u.name, email: u.email, role: u.role, is_active: u.is_active, created_at: u.created_at };
}

export const userCreated = (actor: string, u: User) =>
  createEvent(SOURCE, 'user.created', u.id, actor, { user: snapshot(u) });

export const userStatusChanged = (actor: string, u: User): EventEnvelope =>
  createEvent(SOURCE, u.is_active ? 'user.activated' : 'user.deactivated', u.id, actor, { user: snapshot(u) });

export const userDeleted = (actor: string, u: User) =>
  createEvent(SOURCE, 'user.deleted', u.id, actor, { user: snapshot({ ...u, is_active: false }) });

/** Carries what changed, with before/after of the public fields (a password change is named, never shown). */
export function userUpdated(actor: string, before: User, after: User, passwordChanged: boolean) {
  const fields = (['name', 'email', 'role', 'avatar'] as const).filter((f) => before[f] !== after[f]);
  const pick = (u: User) => Object.fromEntries(fields.map((f) => [f, u[f]]));
  return createEvent(SOURCE, 'user.updated', after.id, actor, {
    user: snapshot(after),
    changed_fields: passwordChanged ? [...fields, 'password'] : fields,
    before: pick(before),
    after: pick(after),
  });
}

/** The user's preferences as they are now, naming those that changed. */
export const userPreferencesUpdated = (actor: string, userId: string, after: UserPreferences, changed: string[]) =>
  createEvent(SOURCE, 'user.preferences_updated', userId, actor, {
    user_id: userId,
    preferences: after,
    changed_fields: changed,
  });
