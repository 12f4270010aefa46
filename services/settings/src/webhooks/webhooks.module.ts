import { Module } from '@nestjs/common';
import { WebhookAttemptsRepository } from './webhook-attempts.repository';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookDeliveryTimer, WebhookEventsConsumer } from './webhook-delivery.jobs';
import { WebhookDeliveryService } from './webhook-delivery.service';
import { WebhooksController } from './webhooks.controller';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

@Module({
  controllers: [WebhooksController],
  providers: [
    WebhooksRepository,
    WebhookDeliveriesRepository,
    WebhookAttemptsRepository,
    WebhooksService,
    WebhookDeliveryService,
    WebhookEventsConsumer,
    WebhookDeliveryTimer,
  ],
  exports: [WebhooksService, WebhookDeliveryService],
})
export class WebhooksModule {}
