import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { TOPICS } from '@sixa/contracts';
import { KafkaLifecycle, MongoDedupeStore } from '@sixa/kafka';
import { InjectConnection } from '@sixa/mongo';
import type { Connection } from 'mongoose';
import { CrmConfigRef } from '../config.provider';
import { LeadsService } from './leads.service';

/**
 * Quote events feed the lead's history: a quote sent to, or accepted by, a lead's e-mail raises its
 * score. One consumer group per database (replicas of one deployment share it). Idempotent: a redelivered event is recognised by its id and skipped.
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
        dedupe: new MongoDedupeStore(this.connection),
      },
      async (event) => {
        if (event.type === 'quote.sent')
          await this.leads.recordQuoteOutcome(
            (event.data as { quote: { customer_email: string } }).quote.customer_email,
            'sent',
          );
        if (event.type === 'quote.accepted')
          await this.leads.recordQuoteOutcome((event.data as { customer_email: string }).customer_email, 'accepted');
      },
    );
  }
}
