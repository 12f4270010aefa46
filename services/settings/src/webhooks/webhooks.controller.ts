import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequireLevel, type AuthUser } from '@sixa/auth';
import { CreateWebhookDto, UpdateWebhookDto } from '@sixa/contracts';
import { ExpectedRev } from '@sixa/mongo';
import { WebhooksService } from './webhooks.service';

/** Settings › Integration Settings: webhooks, their test and their delivery log. Admin only. */
@ApiTags('settings')
@ApiBearerAuth()
@RequireLevel('admin')
@Controller('settings/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  list() {
    return this.webhooks.list();
  }

  /** Answers the webhook with its signing secret, this once. */
  @Post()
  create(@CurrentUser() actor: AuthUser, @Body() dto: CreateWebhookDto) {
    return this.webhooks.create(actor, dto);
  }

  @Put(':id')
  update(@Param('id') id: string, @Body() dto: UpdateWebhookDto, @ExpectedRev('webhook') rev?: number) {
    return this.webhooks.update(id, dto, rev);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Param('id') id: string) {
    return this.webhooks.remove(id);
  }

  @Post(':id/test')
  @HttpCode(200)
  test(@CurrentUser() actor: AuthUser, @Param('id') id: string) {
    return this.webhooks.test(actor, id);
  }

  @Get(':id/deliveries')
  deliveries(@Param('id') id: string) {
    return this.webhooks.log(id);
  }
}
