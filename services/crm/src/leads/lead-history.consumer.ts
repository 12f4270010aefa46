import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { TOPICS, type EventEnvelope } from '@sixa/contracts';
import { KafkaLifecycle, MongoDedupeStore } from '@sixa/kafka';
import { InjectConnection } from '@sixa/mongo';
import type { Connection } from 'mongoose';
import { CrmConfigRef } from '../config.provider';
import { LeadsService } from './leads.service';

/**
 * Quote events feed the lead's history: a quote sent to, or accepted by, a lead's e-mail raises its
 * score. One consumer group per database (replicas of one deployment share its partitions).
 * Idempotent twice over: the dedupe store skips a known event id, and the lead itself records the
 * ids it applied in the same update as the effect (a crash between the two changes nothing).
 */
@Injectable()
export class LeadHistoryConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly kafka: KafkaLifecycle,
    private readonly leads: LeadsService,
    @InjectConnection() private readonly connection: Connection,
    private readonly config: CrmConfigRef,
  ) {}

  onApplicationBootstrap() {
    this.kafka.consume(
      {
        groupId: `${this.config.value.mongoDb}-lead-history`,
        topics: [TOPICS.crm],
        fromBeginning: true,
        types: new Set(['quote.sent', 'quote.accepted']),
        dedupe: new MongoDedupeStore(this.connection),
      },
      (event) => this.applyIdempotently(event),
    );
  }

  async applyIdempotently(event: EventEnvelope): Promise<void> {
    if (event.type === 'quote.sent') await this.leads.recordQuoteOutcome(event.id, event.data.customer_email, 'sent');
    if (event.type === 'quote.accepted')
      await this.leads.recordQuoteOutcome(event.id, event.data.customer_email, 'accepted');
  }
}
