import { Module } from '@nestjs/common';
import {
  ConfigurationController,
  InternalController,
  WorkspaceConfigurationController,
} from './configuration.controller';
import { ConfigurationService } from './configuration.service';
import { EntriesRepository } from './entries.repository';

@Module({
  controllers: [ConfigurationController, WorkspaceConfigurationController, InternalController],
  providers: [EntriesRepository, ConfigurationService],
  exports: [EntriesRepository, ConfigurationService],
})
export class EntriesModule {}
