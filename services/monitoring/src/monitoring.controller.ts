import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@sixa/auth';
import type { Alert, AnalysisResponse, ChartDataResponse, SystemStatus } from '@sixa/contracts';
import { AlertsService } from './alerts/alerts.service';
import { AnalysisService } from './analysis/analysis.service';
import { MonitoringConfigRef } from './config.provider';
import { MonitoringError, MonitoringErrorCode } from './monitoring.errors';
import { AlertsQuery, AnalyzeQuery, ChartQuery, SimulateQuery } from './monitoring.query';
import { SamplerService } from './metrics/sampler.service';
import { downsample } from './samples/chart';
import { SamplesRepository } from './samples/samples.repository';

@ApiTags('monitoring')
@ApiBearerAuth()
@Controller('monitoring')
export class MonitoringController {
  constructor(
    private readonly sampler: SamplerService,
    private readonly samples: SamplesRepository,
    private readonly alerts: AlertsService,
    private readonly analysis: AnalysisService,
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

  @Post('simulate-alert')
  @HttpCode(200)
  async simulate(@Query() q: SimulateQuery, @CurrentUser() user: AuthUser): Promise<Alert> {
    const latest = await this.sampler.currentSample();
    return this.thenRefresh(await this.alerts.simulate(q.severity ?? 'medium', user, latest));
  }

  /** The status (health, counts) follows a change of alerts at once; the alert is answered either way. */
  private thenRefresh(alert: Alert): Alert {
    void this.sampler.refreshStatus().catch(() => undefined);
    return alert;
  }

  /** Trends, anomalies, a disk forecast and recommendations from the stored samples (24 h by default). */
  @Post('analyze')
  @HttpCode(200)
  analyze(@Query() q: AnalyzeQuery): Promise<AnalysisResponse> {
    return this.analysis.run(q.hours ?? 24);
  }

  @Get('analysis/latest')
  async latestAnalysis(): Promise<AnalysisResponse> {
    const latest = await this.analysis.latest();
    if (!latest) throw new MonitoringError(MonitoringErrorCode.NoAnalysisYet, 'No analysis has been run yet');
    return latest;
  }
}
