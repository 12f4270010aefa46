import { Module } from '@nestjs/common';
import { AnalysisController } from './analysis.controller';
import { AlertsModule } from '../alerts/alerts.module';
import { SamplesModule } from '../samples/samples.module';
import { AnalysesRepository } from './analyses.repository';
import { AnalysisService } from './analysis.service';

/** Analyses of the samples and alerts: trends, anomalies, the disk forecast, recommendations. */
@Module({
  imports: [SamplesModule, AlertsModule],
  controllers: [AnalysisController],
  providers: [AnalysesRepository, AnalysisService],
  exports: [AnalysisService],
})
export class AnalysisModule {}
