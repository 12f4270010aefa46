import { type BeforeApplicationShutdown, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectConnection, SingletonJob } from '@sixa/mongo';
import { createLogger } from '@sixa/observability';
import type { Connection } from 'mongoose';
import { WorkConfigRef } from '../config.provider';
import { CalendarService } from './calendar.service';

/**
 * The reminder timer, in one replica at a time (a lease). The timer is stored with each event
 * (`next_reminder_at`), so a restart loses nothing: the first turn after a start catches up on what
 * came due meanwhile, and each firing is a conditional update that carries its events.
 */
@Injectable()
export class CalendarReminderTimer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly job: SingletonJob;

  constructor(calendar: CalendarService, config: WorkConfigRef, @InjectConnection() connection: Connection) {
    const logger = createLogger('work:calendar-reminders');
    this.job = new SingletonJob(
      connection,
      'calendar-reminders',
      async () => {
        const sent = await calendar.sendDueReminders();
        if (sent) logger.info({ sent }, 'calendar reminders');
      },
      { intervalMs: config.value.timerSweepMs, logger },
    );
  }

  onApplicationBootstrap() {
    this.job.start();
  }

  /** Before the database connection closes (that happens in onApplicationShutdown). */
  async beforeApplicationShutdown() {
    await this.job.stop();
  }
}
