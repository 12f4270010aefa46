import { Module } from '@nestjs/common';
import { LeadImportService } from './lead-import.service';
import { LeadHistoryConsumer } from './lead-history.consumer';
import { LeadStatusCommandConsumer } from './lead-status-command.consumer';
import { LeadsController } from './leads.controller';
import { LeadsRepository } from './leads.repository';
import { LeadsService } from './leads.service';

@Module({
  controllers: [LeadsController],
  providers: [LeadsRepository, LeadsService, LeadImportService, LeadHistoryConsumer, LeadStatusCommandConsumer],
  exports: [LeadsRepository, LeadsService],
})
export class LeadsModule {}
