import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { TOPICS } from '@sixa/contracts';
import { KafkaLifecycle } from '@sixa/kafka';
import { leasedTimer } from '@sixa/mongo';
import { IntegrationsConfigRef } from './config.provider';
import { SyncExecutionService } from './sync/sync-execution.service';

/**
 * One runner per deployment (a lease): each turn queues the scheduled syncs that are due, refreshes
 * tokens about to expire, and runs the jobs that can run.
 */
export const SyncRunner = leasedTimer('sync-runner', [SyncExecutionService, IntegrationsConfigRef], (sync, config) => ({
  every: config.value.runnerIntervalMs,
  ttlMs: Math.max(config.value.jobLeaseMs, 15_000),
  turn: async () => {
    const queued = await sync.scheduleDue();
    await sync.refreshDue();
    await sync.runDue();
    return { queued };
  },
}));

/** crm's and work's answers to the imported pages, read by every replica (one consumer group). */
@Injectable()
export class ImportAnswersConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly sync: SyncExecutionService,
    private readonly kafka: KafkaLifecycle,
    private readonly config: IntegrationsConfigRef,
  ) {}

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
  }
}
