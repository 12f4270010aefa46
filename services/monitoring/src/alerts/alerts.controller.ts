import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@sixa/auth';
import type { Alert } from '@sixa/contracts';
import { AlertsQuery } from '../monitoring.query';
import { AlertsService } from './alerts.service';

@ApiTags('monitoring')
@ApiBearerAuth()
@Controller('monitoring')
export class AlertsController {
  constructor(private readonly alerts: AlertsService) {}

  @Get('alerts')
  list(@Query() q: AlertsQuery): Promise<Alert[]> {
    return this.alerts.list(q.limit ?? 10, q.status);
  }

  @Get('alerts/:id')
  get(@Param('id') id: string): Promise<Alert> {
    return this.alerts.get(id);
  }

  @Post('alerts/:id/acknowledge')
  @HttpCode(200)
  async acknowledge(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<Alert> {
    return this.thenRefresh(await this.alerts.acknowledge(id, user.id));
  }

  @Post('alerts/:id/resolve')
  @HttpCode(200)
  async resolve(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<Alert> {
    return this.thenRefresh(await this.alerts.resolve(id, user.id));
  }

  /** The status (health, counts) follows a change of alerts at once; the alert is answered either way. */
  private thenRefresh(alert: Alert): Alert {
    this.alerts.statusFollows();
    return alert;
  }
}
