import { Module } from '@nestjs/common';
import { SamplesRepository } from './samples.repository';

/** The samples kept of the platform's figures (a series per metric, by time). */
@Module({
  providers: [SamplesRepository],
  exports: [SamplesRepository],
})
export class SamplesModule {}
