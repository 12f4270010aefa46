import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@sixa/auth';
import type { Alert, ChartDataResponse, SystemStatus } from '@sixa/contracts';
import { AlertsService } from '../alerts/alerts.service';
import { MonitoringConfigRef } from '../config.provider';
import { MonitoringError, MonitoringErrorCode } from '../monitoring.errors';
import { ChartQuery, SimulateQuery } from '../monitoring.query';
import { downsample } from '../samples/chart';
import { SamplesRepository } from '../samples/samples.repository';
import { SamplerService } from './sampler.service';

@ApiTags('monitoring')
@ApiBearerAuth()
@Controller('monitoring')
export class MetricsController {
  constructor(
    private readonly sampler: SamplerService,
    private readonly samples: SamplesRepository,
    private readonly alerts: AlertsService,
    private readonly config: MonitoringConfigRef,
  ) {}

  /** The latest sample with the alert counts (also pushed on /ws/monitoring every sample period). */
  @Get('system-status')
  async status(): Promise<SystemStatus> {
    const status = await this.sampler.status();
    if (!status)
      throw new MonitoringError(
        MonitoringErrorCode.NoSampleYet,
        'The first sample has not been taken yet; try again in a few seconds',
      );
    return status;
  }

  @Get('metrics/chart-data')
  async chart(@Query() q: ChartQuery): Promise<ChartDataResponse> {
    const hours = q.hours ?? 6;
    const now = new Date();
    const samples = await this.samples.range(new Date(now.getTime() - hours * 3_600_000), now);
    return downsample(samples, hours, now, Math.max(1, Math.round(this.config.value.sampleIntervalMs / 1000)));
  }

  /** An alert on the latest sample, made by hand; the status follows it at once. */
  @Post('simulate-alert')
  @HttpCode(200)
  async simulate(@Query() q: SimulateQuery, @CurrentUser() user: AuthUser): Promise<Alert> {
    const latest = await this.sampler.currentSample();
    const alert = await this.alerts.simulate(q.severity ?? 'medium', user, latest);
    this.alerts.statusFollows();
    return alert;
  }
}
