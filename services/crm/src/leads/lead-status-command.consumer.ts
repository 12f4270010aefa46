import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { TOPICS, type EventEnvelope } from '@sixa/contracts';
import { IdempotentProducer, KafkaLifecycle } from '@sixa/kafka';
import { CrmConfigRef } from '../config.provider';
import { LeadsService } from './leads.service';

/**
 * Commands other services send crm about leads (work's workflow steps: `lead.status_change_requested`
 * on work.events.v1), each answered on crm.events.v1 with its correlation id. One consumer group per
 * database (replicas of one deployment share the partitions).
 *
 * Idempotent by the correlation id, which the lead records in the same conditional update as the
 * change and its answer (no dedupe store: a redelivered command is answered again, which the
 * requester needs when it re-sends after a time-out). A new group starts from now on: a command sent
 * before it existed has expired, or is re-sent by the requester when its wait times out.
 */
@Injectable()
export class LeadStatusCommandConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly kafka: KafkaLifecycle,
    private readonly leads: LeadsService,
    private readonly producer: IdempotentProducer,
    private readonly config: CrmConfigRef,
  ) {}

  onApplicationBootstrap() {
    this.kafka.consume(
      {
        groupId: `${this.config.value.mongoDb}-lead-commands`,
        topics: [TOPICS.work],
        fromBeginning: false,
        // A burst of commands (a workflow run per lead) waits on the database in parallel; each is
        // one conditional update of its lead, correct in any order across leads.
        keyConcurrency: 16,
      },
      (event) => this.applyIdempotently(event),
    );
  }

  async applyIdempotently(event: EventEnvelope): Promise<void> {
    if (event.type !== 'lead.status_change_requested') return;
    const reply = await this.leads.applyStatusCommand(event.actor, event.data);
    // A rejection no lead can carry in its outbox: published here (a redelivery publishes it again, harmlessly).
    if (reply) await this.producer.publish(reply);
  }
}
