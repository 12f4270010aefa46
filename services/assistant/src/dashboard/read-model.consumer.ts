import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { leadLabel, type EventEnvelope, type Lead, type Quote, type Task } from '@sixa/contracts';
import { KafkaLifecycle, type EventConsumer } from '@sixa/kafka';
import Decimal from 'decimal.js';
import { AssistantConfigRef } from '../config.provider';
import { READ_MODEL_TOPICS } from './read-model.topics';
import { ReadModelRepository, type LeadFact, type TaskFact } from './read-model.repository';

/** Exact cents of a money amount (crm computes totals to the cent; decimal arithmetic keeps them so). */
export const toCents = (amount: number | undefined): number =>
  Number.isFinite(amount) ? new Decimal(amount as number).times(100).toDecimalPlaces(0).toNumber() : 0;

const dateOrNull = (iso: string | null | undefined): Date | null => (iso ? new Date(iso) : null);
/**
 * A string field, '' when absent: the topics are shared and hold events of every age and producer
 * (test publishers included); a read model takes what it can from them rather than dead-letter them.
 */
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

const leadFact = (lead: Lead, at: Date): LeadFact => {
  const score = Number.isFinite(lead.score) ? lead.score : 0;
  return {
    _id: lead.id,
    name: text(lead.name),
    email: text(lead.email).toLowerCase(),
    company: text(lead.company),
    label: lead.label ?? leadLabel(score),
    status: text(lead.status) || 'new',
    score,
    rev: lead.rev ?? 0,
    score_at: at,
    status_at: at,
  };
};

const taskFact = (task: Task, deleted = false): TaskFact => ({
  _id: task.id,
  title: text(task.title),
  description: text(task.description),
  tags: Array.isArray(task.tags) ? task.tags : [],
  status: task.status,
  assigned_to: text(task.assigned_to),
  overdue_at: dateOrNull(task.overdue_at),
  due_date: dateOrNull(task.due_date),
  deleted,
  // A deletion is the last word on a task, whatever its revision.
  rev: deleted ? Number.MAX_SAFE_INTEGER : (task.rev ?? 0),
});

const quoteDetails = (quote: Quote) => ({
  quote_number: text(quote.quote_number),
  customer_name: text(quote.customer_name),
  status: quote.status,
  total_cents: toCents(quote.total_amount),
  expires_at: dateOrNull(quote.expires_at),
});

/**
 * Feeds the read model from the domain topics. Its group reads them from their start: a new
 * generation (READ_MODEL_GENERATION) over an emptied store rebuilds the dashboard from the events.
 * Every write is an idempotent upsert keyed by the thing's own id (see ReadModelRepository), so the
 * events are in effect deduplicated by what they are about: applying one twice changes nothing.
 */
@Injectable()
export class ReadModelConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly kafka: KafkaLifecycle,
    private readonly model: ReadModelRepository,
    private readonly config: AssistantConfigRef,
  ) {}

  get groupId(): string {
    const { mongoDb, readModelGeneration } = this.config.value;
    return `${mongoDb}-dashboard-${readModelGeneration}`;
  }

  private consumer: EventConsumer | null = null;

  /** Resolves once the group has joined and fetches: every event published from then on is counted. */
  get fetching(): Promise<void> {
    return this.consumer?.fetching ?? Promise.resolve();
  }

  onApplicationBootstrap() {
    this.consumer = this.kafka.consume(
      {
        groupId: this.groupId,
        topics: [...READ_MODEL_TOPICS],
        fromBeginning: this.config.value.readModelFromBeginning,
      },
      (event) => this.apply(event),
    );
  }

  async apply(event: EventEnvelope): Promise<void> {
    const applied = await this.applyEvent(event);
    if (applied) this.model.advanced(new Date(event.time));
  }

  /** Whether the event concerns the dashboard (and was applied). */
  private async applyEvent(event: EventEnvelope): Promise<boolean> {
    const m = this.model;
    const at = new Date(event.time);
    switch (event.type) {
      // A quote's events share its partition: each state is written unless a later event's is stored.
      case 'quote.created':
      case 'quote.updated':
        if (!event.data.quote?.id) return false;
        await m.setIfNotOlder(m.quotes, event.data.quote.id, 'at', { ...quoteDetails(event.data.quote), at });
        return true;
      case 'quote.sent':
        if (!event.data.quote?.id) return false;
        await m.setIfNotOlder(m.quotes, event.data.quote.id, 'at', {
          ...quoteDetails(event.data.quote),
          status: 'sent',
          at,
        });
        return true;
      case 'quote.viewed':
      case 'quote.rejected':
      case 'quote.expired':
        if (!event.data.quote_id) return false;
        await m.setIfNotOlder(m.quotes, event.data.quote_id, 'at', {
          quote_number: text(event.data.quote_number),
          status: event.data.to,
          total_cents: toCents(event.data.total_amount),
          at,
        });
        return true;
      case 'quote.accepted':
        if (!event.data.quote_id) return false;
        await m.setIfNotOlder(m.quotes, event.data.quote_id, 'at', {
          quote_number: text(event.data.quote_number),
          status: 'accepted',
          total_cents: toCents(event.data.total_amount),
          accepted_at: at,
          at,
        });
        return true;

      case 'workflow.created':
      case 'workflow.updated': {
        if (!event.data.workflow?.id) return false;
        const w = event.data.workflow;
        await m.keepNewer(
          m.workflows,
          { _id: w.id, name: w.name, enabled: w.enabled, deleted: false, rev: w.rev },
          'rev',
        );
        return true;
      }
      case 'workflow.deleted': {
        if (!event.data.workflow?.id) return false;
        const w = event.data.workflow;
        await m.keepNewer(
          m.workflows,
          { _id: w.id, name: w.name, enabled: false, deleted: true, rev: Number.MAX_SAFE_INTEGER },
          'rev',
        );
        return true;
      }
      case 'workflow.run_started':
        if (!event.data.run_id) return false;
        await m.runStarted({
          _id: event.data.run_id,
          workflow_id: event.data.workflow_id,
          workflow_name: event.data.workflow_name,
          started_at: at,
        });
        return true;
      case 'workflow.run_succeeded':
      case 'workflow.run_failed':
        if (!event.data.run_id) return false;
        await m.runEnded({
          _id: event.data.run_id,
          workflow_id: event.data.workflow_id,
          workflow_name: event.data.workflow_name,
          status: event.type === 'workflow.run_succeeded' ? 'succeeded' : 'failed',
          started_at: new Date(event.data.started_at),
          ended_at: new Date(event.data.ended_at),
          error: event.type === 'workflow.run_failed' ? event.data.error : null,
        });
        return true;
      case 'workflow.step_succeeded':
      case 'workflow.step_failed': {
        if (!event.data.run_id) return false;
        // A wait is the engine keeping time, not an action carried out; a failed attempt that will be
        // retried is not an outcome yet.
        if (event.data.action === 'wait') return false;
        if (event.type === 'workflow.step_failed' && event.data.will_retry) return false;
        const ok = event.type === 'workflow.step_succeeded';
        await m.actionFinished({
          _id: `${event.data.run_id}:${event.data.index}`,
          source: 'workflow',
          ok,
          at,
          action: event.data.action,
          summary: `${event.data.workflow_name}: step ${event.data.index + 1} (${event.data.action.replace(/_/g, ' ')})`,
          link: '/workflows',
          error: event.type === 'workflow.step_failed' ? event.data.error : null,
        });
        return true;
      }
      case 'assistant.action_completed':
      case 'assistant.action_failed':
        if (!event.data.action_id) return false;
        await m.actionFinished({
          _id: event.data.action_id,
          source: 'assistant',
          ok: event.type === 'assistant.action_completed',
          at,
          action: event.data.tool,
          summary: event.data.summary,
          link: event.data.link,
          error: event.data.error ?? null,
        });
        return true;

      case 'team_member.created':
      case 'team_member.updated': {
        if (!event.data.member?.id) return false;
        const member = event.data.member;
        await m.upsert(m.members, member.id, {
          email: text(member.email).toLowerCase(),
          name: text(member.name),
          deleted: false,
        });
        return true;
      }
      case 'team_member.deleted':
        if (!event.data.member?.id) return false;
        await m.upsert(m.members, event.data.member.id, {
          email: text(event.data.member.email).toLowerCase(),
          name: text(event.data.member.name),
          deleted: true,
        });
        return true;
      case 'user.seen':
        if (!event.data.email || !event.data.at) return false;
        await m.keepNewer(
          m.sightings,
          { _id: event.data.email.toLowerCase(), last_seen_at: new Date(event.data.at) },
          'last_seen_at',
        );
        return true;

      case 'lead.created':
      case 'lead.updated':
        if (!event.data.lead?.id) return false;
        await m.keepNewer(m.leads, leadFact(event.data.lead, at), 'rev');
        return true;
      // These two carry no snapshot (nor revision): they follow the lead's own events in its
      // partition, and are written unless a later event's score or status is stored (a replay).
      case 'lead.scored':
        if (!event.data.lead_id) return false;
        await m.setIfNotOlder(m.leads, event.data.lead_id, 'score_at', {
          score: event.data.score,
          label: leadLabel(event.data.score),
          score_at: at,
        });
        return true;
      case 'lead.status_changed':
        if (!event.data.lead_id) return false;
        await m.setIfNotOlder(m.leads, event.data.lead_id, 'status_at', { status: event.data.to, status_at: at });
        return true;

      case 'task.created':
      case 'task.updated':
      case 'task.status_changed':
      case 'task.completed':
      case 'task.overdue':
        if (!event.data.task?.id) return false;
        await m.keepNewer(m.tasks, taskFact(event.data.task), 'rev');
        return true;
      case 'task.deleted':
        if (!event.data.task?.id) return false;
        await m.keepNewer(m.tasks, taskFact(event.data.task, true), 'rev');
        return true;

      case 'alert.raised':
      case 'alert.acknowledged':
      case 'alert.resolved': {
        if (!event.data.alert?.id) return false;
        const a = event.data.alert;
        await m.keepNewer(
          m.alerts,
          { _id: a.id, title: a.title, severity: a.severity, status: a.status, updated_at: new Date(a.updated_at) },
          'updated_at',
        );
        return true;
      }
      default:
        return false;
    }
  }
}
