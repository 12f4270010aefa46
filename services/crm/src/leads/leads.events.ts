import type { Lead, LeadStatus, LeadStatusCommand, LeadStatusRejection, ScoreFactor } from '@sixa/contracts';
import { createEvent } from '@sixa/kafka';

const SOURCE = 'crm';

export const leadCreated = (actor: string, lead: Lead) => createEvent(SOURCE, 'lead.created', lead.id, actor, { lead });

export function leadUpdated(actor: string, before: Lead, after: Lead) {
  const fields = (['name', 'email', 'company', 'phone', 'source', 'notes', 'status', 'score_override'] as const).filter(
    (f) => before[f] !== after[f],
  );
  if (!fields.length) return null;
  const pick = (l: Lead) => Object.fromEntries(fields.map((f) => [f, l[f]]));
  return createEvent(SOURCE, 'lead.updated', after.id, actor, {
    lead: after,
    changed_fields: fields,
    before: pick(before),
    after: pick(after),
  });
}

export const leadScored = (actor: string, lead: Lead, previous: number, factors: ScoreFactor[]) =>
  createEvent(SOURCE, 'lead.scored', lead.id, actor, {
    lead_id: lead.id,
    email: lead.email,
    score: lead.score,
    previous_score: previous,
    factors,
  });

/** `correlationId`: the command it carried out (see LeadsService.applyStatusCommand). */
export const leadStatusChanged = (actor: string, lead: Lead, from: LeadStatus, correlationId?: string) =>
  createEvent(SOURCE, 'lead.status_changed', lead.id, actor, {
    lead_id: lead.id,
    email: lead.email,
    from,
    to: lead.status,
    ...(correlationId ? { correlation_id: correlationId } : {}),
  });

export const leadStatusChangeConfirmed = (
  actor: string,
  lead: Lead,
  correlationId: string,
  reason: 'already_in_status' | 'already_applied',
) =>
  createEvent(SOURCE, 'lead.status_change_confirmed', lead.id, actor, {
    correlation_id: correlationId,
    lead_id: lead.id,
    email: lead.email,
    status: lead.status,
    reason,
  });

export const leadStatusChangeRejected = (
  actor: string,
  command: LeadStatusCommand,
  code: LeadStatusRejection,
  reason: string,
) =>
  createEvent(SOURCE, 'lead.status_change_rejected', command.lead_id ?? command.email ?? 'unknown', actor, {
    correlation_id: command.correlation_id,
    lead_id: command.lead_id,
    email: command.email,
    status: command.status,
    code,
    reason,
  });
