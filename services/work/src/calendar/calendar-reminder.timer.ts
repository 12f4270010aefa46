import { leasedTimer } from '@sixa/mongo';
import { WorkConfigRef } from '../config.provider';
import { CalendarService } from './calendar.service';

/**
 * The reminder timer, in one replica at a time (a lease). The timer is stored with each event
 * (`next_reminder_at`), so a restart loses nothing: the first turn after a start catches up on what
 * came due meanwhile, and each firing is a conditional update that carries its events.
 */
export const CalendarReminderTimer = leasedTimer(
  'calendar-reminders',
  [CalendarService, WorkConfigRef],
  (calendar, config) => ({
    every: config.value.timerSweepMs,
    turn: async () => ({ reminded: await calendar.sendDueReminders() }),
  }),
);
