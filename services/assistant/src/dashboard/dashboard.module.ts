import { Module } from '@nestjs/common';
import { DashboardController } from './dashboard.controller';
import { DashboardService } from './dashboard.service';
import { ReadModelConsumer } from './read-model.consumer';
import { ReadModelRepository } from './read-model.repository';

/** The dashboard: a read model kept from the domain events, and the figures and insights computed from it. */
@Module({
  controllers: [DashboardController],
  providers: [ReadModelRepository, ReadModelConsumer, DashboardService],
})
export class DashboardModule {}
