import { Module } from '@nestjs/common';
import { AlertsController } from './alerts.controller';
import { AlertsRepository } from './alerts.repository';
import { AlertsService } from './alerts.service';
import { RuleAlertsConsumer } from './rule-alerts.consumer';

/** Alerts: raised by the rules on the samples, or by the staff's alert rules from events; acknowledged and resolved. */
@Module({
  controllers: [AlertsController],
  providers: [AlertsRepository, AlertsService, RuleAlertsConsumer],
  exports: [AlertsService],
})
export class AlertsModule {}
