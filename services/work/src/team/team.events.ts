import type { TeamMember } from '@sixa/contracts';
import { createEvent } from '@sixa/kafka';

const SOURCE = 'work';

export const memberCreated = (actor: string, member: TeamMember) =>
  createEvent(SOURCE, 'team_member.created', member.id, actor, { member });

const EDITABLE = ['name', 'email', 'role', 'department', 'avatar_url', 'project_count'] as const;

export function memberUpdated(actor: string, before: TeamMember, after: TeamMember) {
  const fields = EDITABLE.filter((f) => before[f] !== after[f]);
  return fields.length
    ? createEvent(SOURCE, 'team_member.updated', after.id, actor, { member: after, changed_fields: [...fields] })
    : null;
}

export const memberDeleted = (actor: string, member: TeamMember) =>
  createEvent(SOURCE, 'team_member.deleted', member.id, actor, { member });
