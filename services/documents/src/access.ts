import type { AuthUser } from '@sixa/auth';
import type { DocumentAccessLevel } from '@sixa/contracts';

/** What access rules look at in a template or a document. */
export interface Guarded {
  access_level: DocumentAccessLevel;
  created_by: string;
}

/**
 * Who reads what: `private` its creator and admins; `team` and `organization` every signed-in staff
 * member (organization documents can also be shared by link, read without signing in).
 */
export function canRead(actor: AuthUser, item: Guarded): boolean {
  return actor.role === 'admin' || item.access_level !== 'private' || item.created_by === actor.id;
}

/** Deleting, changing who can read it, and share links: its creator or an admin. */
export function canManage(actor: AuthUser, item: Guarded): boolean {
  return actor.role === 'admin' || item.created_by === actor.id;
}

/** The same rule as canRead, as a query: lists hold only what the caller may read. */
export function readableFilter(actor: AuthUser): Record<string, unknown> {
  if (actor.role === 'admin') return {};
  return { $or: [{ access_level: { $in: ['team', 'organization'] } }, { created_by: actor.id }] };
}
