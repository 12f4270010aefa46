import { Module } from '@nestjs/common';
import { WebhookDeliveryJobs } from './webhook-delivery.jobs';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

@Module({
  controllers: [WebhooksController],
  providers: [WebhooksService, WebhookDeliveryJobs],
  exports: [WebhooksService],
})
export class WebhooksModule {}
