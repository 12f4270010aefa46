import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AnalysisResponse } from '@sixa/contracts';
import { MonitoringError, MonitoringErrorCode } from '../monitoring.errors';
import { AnalyzeQuery } from '../monitoring.query';
import { AnalysisService } from './analysis.service';

@ApiTags('monitoring')
@ApiBearerAuth()
@Controller('monitoring')
export class AnalysisController {
  constructor(private readonly analysis: AnalysisService) {}

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
