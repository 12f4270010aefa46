import { type BeforeApplicationShutdown, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectConnection, SingletonJob } from '@sixa/mongo';
import { createLogger } from '@sixa/observability';
import type { Connection } from 'mongoose';
import { WorkConfigRef } from '../config.provider';
import { TasksService } from './tasks.service';

/**
 * The overdue timer, in one replica at a time (a lease). The timer is the `due_date` stored with each
 * task and `overdue_at` records that it fired, so a restart loses nothing: the first turn after a
 * start catches up on whatever came due meanwhile, and each firing is a conditional update.
 */
@Injectable()
export class TaskOverdueTimer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly job: SingletonJob;

  constructor(tasks: TasksService, config: WorkConfigRef, @InjectConnection() connection: Connection) {
    const logger = createLogger('work:task-overdue');
    this.job = new SingletonJob(
      connection,
      'task-overdue',
      async () => {
        const marked = await tasks.markOverdue();
        if (marked) logger.info({ marked }, 'tasks overdue');
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
