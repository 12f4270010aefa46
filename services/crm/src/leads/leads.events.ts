import type { Lead, LeadStatus, ScoreFactor } from '@sixa/contracts';
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

export const leadStatusChanged = (actor: string, lead: Lead, from: LeadStatus) =>
  createEvent(SOURCE, 'lead.status_changed', lead.id, actor, {
    lead_id: lead.id,
    email: lead.email,
    from,
    to: lead.status,
  });
