import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { TOPICS, type EventEnvelope } from '@sixa/contracts';
import { KafkaLifecycle } from '@sixa/kafka';
import { MonitoringConfigRef } from '../config.provider';
import { AlertsService } from './alerts.service';

/**
 * Alerts other services ask for, for this monitoring deployment (their `audience`): business rules'
 * (`settings.rule_alert_raised`) and failing integration connections (`integration.connection_failed`).
 */
@Injectable()
export class RuleAlertsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly kafka: KafkaLifecycle,
    private readonly alerts: AlertsService,
    private readonly config: MonitoringConfigRef,
  ) {}

  onApplicationBootstrap() {
    this.kafka.consume(
      {
        groupId: `${this.config.value.mongoDb}-rule-alerts`,
        topics: [TOPICS.settings, TOPICS.integrations],
        fromBeginning: false,
      },
      (event) => this.handle(event),
    );
  }

  async handle(event: EventEnvelope): Promise<void> {
    if (event.type === 'settings.rule_alert_raised') await this.alerts.raiseForRule(event.data, event.actor);
    if (event.type === 'integration.connection_failed')
      await this.alerts.raiseForConnection(event.data, event.id, event.actor);
  }
}
