import { leasedTimer } from '@sixa/mongo';
import { WorkConfigRef } from '../config.provider';
import { TasksService } from './tasks.service';

/**
 * The overdue timer, in one replica at a time (a lease). The timer is the `due_date` stored with each
 * task and `overdue_at` records that it fired, so a restart loses nothing: the first turn after a
 * start catches up on whatever came due meanwhile, and each firing is a conditional update.
 */
export const TaskOverdueTimer = leasedTimer('task-overdue', [TasksService, WorkConfigRef], (tasks, config) => ({
  every: config.value.timerSweepMs,
  turn: async () => ({ overdue: await tasks.markOverdue() }),
}));
