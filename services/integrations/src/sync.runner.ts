import { type BeforeApplicationShutdown, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { TOPICS } from '@sixa/contracts';
import { KafkaLifecycle } from '@sixa/kafka';
import { InjectConnection, SingletonJob } from '@sixa/mongo';
import { createLogger } from '@sixa/observability';
import type { Connection } from 'mongoose';
import { IntegrationsConfigRef } from './config.provider';
import { SyncExecutionService } from './sync/sync-execution.service';

/**
 * One runner per deployment (a lease): each turn queues the scheduled syncs that are due, refreshes
 * tokens about to expire, and runs the jobs that can run. crm's answers to the pages are read by
 * every replica (one consumer group).
 */
@Injectable()
export class SyncRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly job: SingletonJob;
  private readonly logger = createLogger('integrations:runner');

  constructor(
    private readonly sync: SyncExecutionService,
    private readonly kafka: KafkaLifecycle,
    private readonly config: IntegrationsConfigRef,
    @InjectConnection() connection: Connection,
  ) {
    this.job = new SingletonJob(
      connection,
      'sync-runner',
      async () => {
        const queued = await this.sync.scheduleDue();
        if (queued) this.logger.info({ queued }, 'scheduled syncs queued');
        await this.sync.refreshDue();
        await this.sync.runDue();
      },
      {
        intervalMs: config.value.runnerIntervalMs,
        ttlMs: Math.max(config.value.jobLeaseMs, 15_000),
        logger: this.logger,
      },
    );
  }

  onApplicationBootstrap() {
    this.kafka.consume(
      {
        groupId: `${this.config.value.mongoDb}-import-answers`,
        topics: [TOPICS.crm, TOPICS.work],
        fromBeginning: false,
        keyConcurrency: 8,
      },
      async (event) => {
        if (event.type !== 'lead.import_batch_applied' && event.type !== 'work.import_batch_applied') return;
        await this.sync.pageAnswered(event.data.correlation_id, event.data);
      },
    );
    this.job.start();
  }

  async beforeApplicationShutdown() {
    await this.job.stop();
  }
}
