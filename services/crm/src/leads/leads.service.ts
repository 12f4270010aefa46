import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import { documentLocks } from '@sixa/mongo';
import type { CreateLeadDto, EventEnvelope, Lead, LeadStats, UpdateLeadDto } from '@sixa/contracts';
import { scoreLead, type ScoringInput } from './lead-scoring';
import { leadCreated, leadScored, leadStatusChanged, leadUpdated } from './leads.events';
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
    const lead = await this.leads.findById(id);
    if (!lead) throw new NotFoundException({ detail: 'Lead not found' });
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

  async create(actor: AuthUser, dto: CreateLeadDto): Promise<Lead> {
    if (await this.leads.emailTaken(dto.email)) {
      throw new ConflictException({ detail: `A lead with the email ${dto.email.toLowerCase()} already exists` });
    }
    return this.leads.create(this.draft(actor.id, dto), (lead) => [leadCreated(actor.id, lead)]);
  }

  async update(actor: AuthUser, id: string, dto: UpdateLeadDto): Promise<Lead> {
    if (dto.score_override !== undefined && actor.role !== 'admin') {
      throw new ForbiddenException({ detail: 'Only an admin can override a score' });
    }
    const before = await this.get(id);
    const email = dto.email.toLowerCase();
    if (email !== before.email && (await this.leads.emailTaken(email, id))) {
      throw new ConflictException({ detail: `A lead with the email ${email} already exists` });
    }
    const override = dto.score_override === undefined ? before.score_override : dto.score_override;
    const next = {
      ...before,
      ...dto,
      email,
      phone: dto.phone ?? before.phone,
      notes: dto.notes ?? before.notes,
      status: dto.status ?? before.status,
    };
    const s = scoring(next, override);
    const after: Lead = { ...this.strip(next), score: s.score, score_factors: s.factors, score_override: override };
    const events = this.changeEvents(actor.id, this.strip(before), after);
    const saved = await this.leads.update(
      id,
      {
        name: after.name,
        email,
        company: after.company,
        phone: after.phone,
        source: after.source,
        notes: after.notes,
        status: after.status,
        score: s.score,
        computed_score: s.computed,
        score_factors: s.factors,
        score_override: override,
      },
      events,
    );
    if (!saved) throw new NotFoundException({ detail: 'Lead not found' });
    return saved;
  }

  private strip(l: LeadWithHistory): Lead {
    const { quotes_sent: _s, quotes_accepted: _a, computed_score: _c, ...lead } = l;
    return lead;
  }

  private changeEvents(actor: string, before: Lead, after: Lead): EventEnvelope[] {
    const events: EventEnvelope[] = [];
    const updated = leadUpdated(actor, before, after);
    if (updated) events.push(updated);
    if (before.status !== after.status) events.push(leadStatusChanged(actor, after, before.status));
    if (before.score !== after.score) events.push(leadScored(actor, after, before.score, after.score_factors));
    return events;
  }

  /**
   * A quote sent to or accepted by a lead's e-mail is part of that lead's history: it raises the
   * computed score. Idempotent for a redelivered event (the consumer dedupes by event id).
   */
  recordQuoteOutcome(email: string, outcome: 'sent' | 'accepted', actor = 'system'): Promise<void> {
    // One at a time per e-mail: the counts are read, then written back.
    return documentLocks.run('lead-history', email.toLowerCase(), () => this.applyQuoteOutcome(email, outcome, actor));
  }

  private async applyQuoteOutcome(email: string, outcome: 'sent' | 'accepted', actor: string): Promise<void> {
    const lead = await this.leads.findByEmail(email);
    if (!lead) return;
    const history = {
      quotes_sent: lead.quotes_sent + (outcome === 'sent' ? 1 : 0),
      quotes_accepted: lead.quotes_accepted + (outcome === 'accepted' ? 1 : 0),
    };
    const s = scoring({ ...lead, ...history }, lead.score_override);
    const after: Lead = { ...this.strip(lead), score: s.score, score_factors: s.factors };
    const events = lead.score !== s.score ? [leadScored(actor, after, lead.score, s.factors)] : [];
    await this.leads.update(
      lead.id,
      { ...history, score: s.score, computed_score: s.computed, score_factors: s.factors },
      events,
    );
  }
}
