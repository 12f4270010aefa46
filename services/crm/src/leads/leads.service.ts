import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import {
  isNotNewer,
  LEAD_STATUSES,
  type ImportedVersion,
  type CreateLeadDto,
  type EventEnvelope,
  type Lead,
  type LeadStats,
  type LeadStatus,
  type LeadStatusCommand,
  type UpdateLeadDto,
} from '@sixa/contracts';
import { APPLIED_EVENTS_KEPT, isObjectId, type Change, type ChangeResult } from '@sixa/mongo';
import { changedOrThrow, CrmError, CrmErrorCode, isDuplicateKey } from '../crm.errors';
import { scoreLead, type ScoringInput } from './lead-scoring';
import type { LeadDoc } from './lead.schema';
import {
  leadCreated,
  leadScored,
  leadStatusChanged,
  leadStatusChangeConfirmed,
  leadStatusChangeRejected,
  leadUpdated,
} from './leads.events';
import type { ListLeadsQuery } from './leads.query';
import { LeadsRepository, type LeadWithHistory } from './leads.repository';

/** The score a lead shows: an admin's override when there is one, else the computed score. */
function scoring(input: ScoringInput, override: number | null) {
  const { score, factors } = scoreLead(input);
  if (override === null) return { score, computed: score, factors };
  return {
    score: override,
    computed: score,
    factors: [...factors, { factor: 'Set by an admin', points: override - score }],
  };
}

@Injectable()
export class LeadsService {
  constructor(private readonly leads: LeadsRepository) {}

  list(query: ListLeadsQuery) {
    return this.leads.list(query);
  }

  async stats(): Promise<LeadStats> {
    const s = await this.leads.stats();
    return {
      total_leads: s.total,
      hot_leads: s.hot,
      conversion_rate: s.total ? Math.round((s.converted / s.total) * 1000) / 10 : 0,
      avg_score: Math.round(s.avgScore * 10) / 10,
    };
  }

  async get(id: string): Promise<LeadWithHistory> {
    const lead = await this.leads.findWithHistory(id);
    if (!lead) throw new CrmError(CrmErrorCode.LeadNotFound, 'Lead not found');
    return lead;
  }

  /** Builds a new lead's stored fields: the server computes the score. */
  draft(actor: string, dto: CreateLeadDto) {
    const input: ScoringInput = {
      ...dto,
      email: dto.email.toLowerCase(),
      status: 'new',
      quotes_sent: 0,
      quotes_accepted: 0,
    };
    const s = scoring(input, null);
    return {
      name: dto.name.trim(),
      email: dto.email.toLowerCase(),
      company: dto.company.trim(),
      phone: dto.phone?.trim() ?? '',
      source: dto.source,
      notes: dto.notes ?? '',
      status: 'new' as const,
      score: s.score,
      computed_score: s.computed,
      score_factors: s.factors,
      score_override: null,
      quotes_sent: 0,
      quotes_accepted: 0,
      created_by: actor,
    };
  }

  /** The unique index on e-mail decides between concurrent creates, on any number of replicas. */
  async create(actor: AuthUser, dto: CreateLeadDto): Promise<Lead> {
    try {
      return await this.leads.insert(this.draft(actor.id, dto), (lead) => [leadCreated(actor.id, lead)]);
    } catch (e) {
      throw isDuplicateKey(e) ? emailTaken(dto.email) : e;
    }
  }

  /**
   * An edit by a person: applied to the revision they read when they send `rev` (409 if the lead
   * changed since), else to the current one; the score is computed from what is stored at the time.
   * A sync's edit carries `opts.imported`, what the provider sent (see ImportedVersion): a version
   * no newer than the one applied changes nothing. `opts.expectedRev`: the revision the request names
   * (its If-Match, see ExpectedRev), in place of the body's `rev`.
   */
  async update(
    actor: AuthUser,
    id: string,
    dto: UpdateLeadDto,
    opts: { imported?: ImportedVersion; expectedRev?: number } = {},
  ): Promise<Lead> {
    if (dto.score_override !== undefined && actor.role !== 'admin') {
      throw new CrmError(CrmErrorCode.ScoreOverrideAdminOnly, 'Only an admin can override a score');
    }
    const email = dto.email.toLowerCase();
    let result: ChangeResult<Lead>;
    try {
      result = await this.leads.changeById(
        id,
        (doc) => {
          if (opts.imported && isNotNewer(doc.imported, opts.imported)) return null;
          const before = this.leads.withHistory(doc);
          const override = dto.score_override === undefined ? before.score_override : dto.score_override;
          const next = {
            ...before,
            name: dto.name.trim(),
            email,
            company: dto.company.trim(),
            source: dto.source,
            phone: dto.phone?.trim() ?? before.phone,
            notes: dto.notes ?? before.notes,
            status: dto.status ?? before.status,
          };
          const s = scoring(next, override);
          const set: Partial<LeadDoc> = {
            name: next.name,
            email,
            company: next.company,
            phone: next.phone,
            source: next.source,
            notes: next.notes,
            status: next.status,
            score: s.score,
            computed_score: s.computed,
            score_factors: s.factors,
            score_override: override,
            ...(opts.imported ? { imported: opts.imported } : {}),
          };
          return { set, events: (after) => this.changeEvents(actor.id, strip(before), after) };
        },
        { expectedRev: opts.expectedRev ?? dto.rev },
      );
    } catch (e) {
      throw isDuplicateKey(e) ? emailTaken(email) : e;
    }
    return changedOrThrow(result, 'lead', () => new CrmError(CrmErrorCode.LeadNotFound, 'Lead not found'));
  }

  private changeEvents(actor: string, before: Lead, after: Lead, correlationId?: string): EventEnvelope[] {
    const events: EventEnvelope[] = [];
    const updated = leadUpdated(actor, before, after);
    if (updated) events.push(updated);
    if (before.status !== after.status) events.push(leadStatusChanged(actor, after, before.status, correlationId));
    if (before.score !== after.score) events.push(leadScored(actor, after, before.score, after.score_factors));
    return events;
  }

  /**
   * A quote sent to or accepted by a lead's e-mail is part of that lead's history: it raises the
   * computed score. Idempotent by construction: the count, the score and the event id are written in
   * one conditional update, so a redelivered event (or one replayed after a crash) changes nothing.
   */
  async recordQuoteOutcome(eventId: string, email: string, outcome: 'sent' | 'accepted'): Promise<void> {
    const result = await this.leads.changeByEmail(
      email,
      (doc) => {
        const lead = this.leads.withHistory(doc);
        const history = {
          quotes_sent: lead.quotes_sent + (outcome === 'sent' ? 1 : 0),
          quotes_accepted: lead.quotes_accepted + (outcome === 'accepted' ? 1 : 0),
        };
        const s = scoring({ ...lead, ...history }, lead.score_override);
        return {
          inc: outcome === 'sent' ? { quotes_sent: 1 } : { quotes_accepted: 1 },
          set: { score: s.score, computed_score: s.computed, score_factors: s.factors },
          events: (after) => (lead.score !== s.score ? [leadScored('system', after, lead.score, s.factors)] : []),
        };
      },
      { eventId, attempts: 100 },
    );
    if (result.status === 'contended') throw new Error(`lead ${email} kept changing; the event will be retried`);
  }

  /**
   * A command to set a lead's status (a workflow step's, `lead.status_change_requested`), carried out
   * once per correlation id: the id is recorded on the lead in the same conditional update as the
   * change and its answer (outbox), so a redelivered or re-sent command changes nothing and is
   * answered again (`lead.status_change_confirmed`, as when the lead already has the status).
   * Returns the answer to publish directly when no lead can carry it (a rejection), else null; an
   * expired command is dropped (its requester stopped waiting and re-sends it if it retries).
   */
  async applyStatusCommand(actor: string, cmd: LeadStatusCommand, now = new Date()): Promise<EventEnvelope | null> {
    if (Date.parse(cmd.expires_at) < now.getTime()) return null;
    if (!isLeadStatus(cmd.status)) {
      const known = LEAD_STATUSES.join(', ');
      return leadStatusChangeRejected(actor, cmd, 'invalid_status', `${cmd.status} is not a lead status (${known})`);
    }
    const status = cmd.status;
    const key = `status-command:${cmd.correlation_id}`;
    const compute = (doc: LeadDoc): Change<LeadDoc, Lead> => {
      const current = this.leads.withHistory(doc);
      const applied = doc.applied_events ?? [];
      if (applied.includes(key))
        return { events: (after) => [leadStatusChangeConfirmed(actor, after, cmd.correlation_id, 'already_applied')] };
      const record = { applied_events: [...applied, key].slice(-APPLIED_EVENTS_KEPT) };
      if (current.status === status)
        return {
          set: record,
          events: (after) => [leadStatusChangeConfirmed(actor, after, cmd.correlation_id, 'already_in_status')],
        };
      const s = scoring({ ...current, status }, current.score_override);
      return {
        set: { ...record, status, score: s.score, computed_score: s.computed, score_factors: s.factors },
        events: (after) => this.changeEvents(actor, strip(current), after, cmd.correlation_id),
      };
    };
    let result: ChangeResult<Lead> = { status: 'missing' };
    if (cmd.lead_id) {
      if (isObjectId(cmd.lead_id)) result = await this.leads.changeById(cmd.lead_id, compute, { attempts: 100 });
    } else if (cmd.email) {
      result = await this.leads.changeByEmail(cmd.email, compute, { attempts: 100 });
    }
    if (result.status === 'contended') throw new Error(`lead ${cmd.lead_id ?? cmd.email} kept changing; retried`);
    if (result.status === 'missing')
      return leadStatusChangeRejected(actor, cmd, 'lead_not_found', `no lead ${cmd.lead_id ?? cmd.email ?? ''}`.trim());
    return null;
  }
}

const isLeadStatus = (s: string): s is LeadStatus => (LEAD_STATUSES as readonly string[]).includes(s);

function strip(l: LeadWithHistory): Lead {
  const { quotes_sent: _s, quotes_accepted: _a, computed_score: _c, ...lead } = l;
  return lead;
}

function emailTaken(email: string): CrmError {
  return new CrmError(CrmErrorCode.LeadEmailTaken, `A lead with the email ${email.toLowerCase()} already exists`);
}
