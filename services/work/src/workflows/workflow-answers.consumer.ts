import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { TOPICS, type EventEnvelope } from '@sixa/contracts';
import { KafkaLifecycle } from '@sixa/kafka';
import { WorkConfigRef } from '../config.provider';
import { WorkflowEngine } from './workflow-engine';

type Answer = { ok: true; output: Record<string, unknown> } | { ok: false; error: string };

/** What an event says about the command its correlation id names; null when it answers none. */
export function answerOf(event: EventEnvelope): { correlationId: string; answer: Answer } | null {
  switch (event.type) {
    case 'lead.status_changed': {
      const d = event.data;
      if (!d.correlation_id) return null;
      return {
        correlationId: d.correlation_id,
        answer: { ok: true, output: { lead_id: d.lead_id, email: d.email, from: d.from, status: d.to, changed: true } },
      };
    }
    case 'lead.status_change_confirmed': {
      const d = event.data;
      return {
        correlationId: d.correlation_id,
        answer: { ok: true, output: { lead_id: d.lead_id, email: d.email, status: d.status, changed: false } },
      };
    }
    case 'lead.status_change_rejected':
      return {
        correlationId: event.data.correlation_id,
        answer: { ok: false, error: `crm refused: ${event.data.reason}` },
      };
    default:
      return null;
  }
}

/**
 * Answers to the commands workflow steps send other services (crm's to set_lead_status), read on
 * every replica through one consumer group; each settles its step with one conditional update on
 * the run that awaits it (see WorkflowEngine.settle), so a redelivered or late answer changes
 * nothing: idempotent without a dedupe store. A new group reads from now on; an answer it missed
 * leaves the step to time out and re-send its command, which is answered again.
 */
@Injectable()
export class WorkflowAnswersConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly kafka: KafkaLifecycle,
    private readonly engine: WorkflowEngine,
    private readonly config: WorkConfigRef,
  ) {}

  onApplicationBootstrap() {
    this.kafka.consume(
      {
        groupId: `${this.config.value.mongoDb}-workflow-answers`,
        topics: [TOPICS.crm],
        fromBeginning: false,
        // Answers for different leads settle their runs in parallel (one conditional update each).
        keyConcurrency: 16,
      },
      (event) => this.settleIdempotently(event),
    );
  }

  async settleIdempotently(event: EventEnvelope): Promise<void> {
    const a = answerOf(event);
    if (a) await this.engine.settle(a.correlationId, a.answer);
  }
}
