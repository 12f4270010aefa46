import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { knownSystemSetting, TOPICS, type EventEnvelope, type QuoteDefaults } from '@sixa/contracts';
import { KafkaLifecycle } from '@sixa/kafka';
import { InjectConnection, KeptValues } from '@sixa/mongo';
import type { Connection } from 'mongoose';
import { CrmConfigRef } from '../config.provider';

const EXPIRY = 'quotes.default_expiry_days';

/**
 * The quote settings an admin sets in Settings › System Settings (`quotes.default_expiry_days`),
 * followed from settings.events.v1 and kept
 * at the highest revision in crm's own database: a quote made without an expiry gets it.
 */
@Injectable()
export class QuoteSettings implements OnApplicationBootstrap {
  private readonly kept: KeptValues<number>;

  constructor(
    private readonly kafka: KafkaLifecycle,
    private readonly config: CrmConfigRef,
    @InjectConnection() connection: Connection,
  ) {
    this.kept = new KeptValues(connection.db!, 'followed_settings');
  }

  onApplicationBootstrap() {
    this.kafka.consume(
      { groupId: `${this.config.value.mongoDb}-settings`, topics: [TOPICS.settings], fromBeginning: true },
      (event) => this.handle(event),
    );
  }

  async handle(event: EventEnvelope): Promise<void> {
    if (event.type !== 'settings.system_setting_updated') return;
    const { setting, rev } = event.data;
    if (`${setting.category}.${setting.key}` === EXPIRY && typeof setting.value === 'number')
      await this.kept.keep(EXPIRY, setting.value, rev);
  }

  async defaults(): Promise<QuoteDefaults> {
    const fallback = knownSystemSetting('quotes', 'default_expiry_days')!.default as number;
    return { expires_in_days: (await this.kept.get(EXPIRY)) ?? fallback, tax_name: 'Tax' };
  }
}
