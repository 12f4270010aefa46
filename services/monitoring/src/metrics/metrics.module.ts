import { Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller';
import { AlertsModule } from '../alerts/alerts.module';
import { SamplesModule } from '../samples/samples.module';
import { PlatformMeter } from './platform-meter';
import { SamplerService } from './sampler.service';

/** Measuring the platform every sample period (one replica at a time): samples kept, rules applied, status published. */
@Module({
  imports: [SamplesModule, AlertsModule],
  controllers: [MetricsController],
  providers: [PlatformMeter, SamplerService],
  exports: [SamplerService],
})
export class MetricsModule {}
