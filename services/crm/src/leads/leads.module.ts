import { Module } from '@nestjs/common';
import { ImportBatchesRepository } from './import-batches.repository';
import { IntegrationImportConsumer } from './integration-import.consumer';
import { LeadImportService } from './lead-import.service';
import { LeadHistoryConsumer } from './lead-history.consumer';
import { LeadStatusCommandConsumer } from './lead-status-command.consumer';
import { LeadsController } from './leads.controller';
import { LeadsRepository } from './leads.repository';
import { LeadsService } from './leads.service';

@Module({
  controllers: [LeadsController],
  providers: [
    LeadsRepository,
    LeadsService,
    LeadImportService,
    LeadHistoryConsumer,
    LeadStatusCommandConsumer,
    IntegrationImportConsumer,
    ImportBatchesRepository,
  ],
  exports: [LeadsRepository, LeadsService],
})
export class LeadsModule {}
