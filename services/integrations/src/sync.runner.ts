import { Injectable } from '@nestjs/common';
import { TOPICS } from '@sixa/contracts';
import { KafkaLifecycle } from '@sixa/kafka';
import { SingletonTimer } from '@sixa/mongo';
import { createLogger } from '@sixa/observability';
import { IntegrationsConfigRef } from './config.provider';
import { SyncExecutionService } from './sync/sync-execution.service';

const logger = createLogger('integrations:runner');

/**
 * One runner per deployment (a lease): each turn queues the scheduled syncs that are due, refreshes
 * tokens about to expire, and runs the jobs that can run. crm's answers to the pages are read by
 * every replica (one consumer group).
 */
@Injectable()
export class SyncRunner extends SingletonTimer {
  constructor(
    private readonly sync: SyncExecutionService,
    private readonly kafka: KafkaLifecycle,
    private readonly config: IntegrationsConfigRef,
  ) {
    super('sync-runner', {
      intervalMs: config.value.runnerIntervalMs,
      ttlMs: Math.max(config.value.jobLeaseMs, 15_000),
      logger,
    });
  }

  protected async work() {
    const queued = await this.sync.scheduleDue();
    if (queued) logger.info({ queued }, 'scheduled syncs queued');
    await this.sync.refreshDue();
    await this.sync.runDue();
  }

  override onApplicationBootstrap() {
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
    super.onApplicationBootstrap();
  }
}
