import { Injectable } from '@nestjs/common';
import { SingletonTimer } from '@sixa/mongo';
import { createLogger } from '@sixa/observability';
import { WorkConfigRef } from '../config.provider';
import { TasksService } from './tasks.service';

const logger = createLogger('work:task-overdue');

/**
 * The overdue timer, in one replica at a time (a lease). The timer is the `due_date` stored with each
 * task and `overdue_at` records that it fired, so a restart loses nothing: the first turn after a
 * start catches up on whatever came due meanwhile, and each firing is a conditional update.
 */
@Injectable()
export class TaskOverdueTimer extends SingletonTimer {
  constructor(
    private readonly tasks: TasksService,
    config: WorkConfigRef,
  ) {
    super('task-overdue', { intervalMs: config.value.timerSweepMs, logger });
  }

  protected async work() {
    const marked = await this.tasks.markOverdue();
    if (marked) logger.info({ marked }, 'tasks overdue');
  }
}
