import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { TOPICS, type EventEnvelope } from '@sixa/contracts';
import { KafkaLifecycle } from '@sixa/kafka';
import { MonitoringConfigRef } from '../config.provider';
import { AlertsService } from './alerts.service';

/** Business rules' alerts (`settings.rule_alert_raised`) for this monitoring deployment (its `audience`). */
@Injectable()
export class RuleAlertsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly kafka: KafkaLifecycle,
    private readonly alerts: AlertsService,
    private readonly config: MonitoringConfigRef,
  ) {}

  onApplicationBootstrap() {
    this.kafka.consume(
      { groupId: `${this.config.value.mongoDb}-rule-alerts`, topics: [TOPICS.settings], fromBeginning: false },
      (event) => this.handle(event),
    );
  }

  async handle(event: EventEnvelope): Promise<void> {
    if (event.type !== 'settings.rule_alert_raised' || event.data.audience !== this.config.value.mongoDb) return;
    await this.alerts.raiseForRule(event.data, event.actor);
  }
}
