import { Injectable } from '@nestjs/common';
import { SingletonTimer } from '@sixa/mongo';
import { createLogger } from '@sixa/observability';
import { WorkConfigRef } from '../config.provider';
import { CalendarService } from './calendar.service';

const logger = createLogger('work:calendar-reminders');

/**
 * The reminder timer, in one replica at a time (a lease). The timer is stored with each event
 * (`next_reminder_at`), so a restart loses nothing: the first turn after a start catches up on what
 * came due meanwhile, and each firing is a conditional update that carries its events.
 */
@Injectable()
export class CalendarReminderTimer extends SingletonTimer {
  constructor(
    private readonly calendar: CalendarService,
    config: WorkConfigRef,
  ) {
    super('calendar-reminders', { intervalMs: config.value.timerSweepMs, logger });
  }

  protected async work() {
    const sent = await this.calendar.sendDueReminders();
    if (sent) logger.info({ sent }, 'calendar reminders');
  }
}
