import { Module } from '@nestjs/common';
import { CalendarFeedsRepository } from './calendar-feeds.repository';
import { CalendarReminderTimer } from './calendar-reminder.timer';
import { CalendarController } from './calendar.controller';
import { CalendarRepository } from './calendar.repository';
import { CalendarService } from './calendar.service';

@Module({
  controllers: [CalendarController],
  providers: [CalendarRepository, CalendarFeedsRepository, CalendarService, CalendarReminderTimer],
  // Workflow steps create events through the service (create_calendar_event); integration imports
  // look up what a sync made before by its key.
  exports: [CalendarService, CalendarRepository],
})
export class CalendarModule {}
