import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { actingAs } from '@sixa/auth';
import { TOPICS, type EventEnvelope } from '@sixa/contracts';
import { KafkaLifecycle } from '@sixa/kafka';
import { WorkConfigRef } from '../config.provider';
import { TasksService } from './tasks.service';

/**
 * Business rules' tasks (Settings › Business Rules, action create_task): `settings.rule_task_requested`
 * makes the task once per command (its correlation id is the task's idempotency key), as the rule's
 * author. A command meant for another work deployment on the same Kafka is not ours.
 */
@Injectable()
export class RuleTasksConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly kafka: KafkaLifecycle,
    private readonly tasks: TasksService,
    private readonly config: WorkConfigRef,
  ) {}

  onApplicationBootstrap() {
    this.kafka.consume(
      { groupId: `${this.config.value.mongoDb}-rule-tasks`, topics: [TOPICS.settings], fromBeginning: false },
      (event) => this.handle(event),
    );
  }

  async handle(event: EventEnvelope): Promise<void> {
    if (event.type !== 'settings.rule_task_requested') return;
    const c = event.data;
    await this.tasks.create(
      actingAs(event.actor, `Business rule: ${c.rule_name}`),
      {
        title: c.task.title,
        description: c.task.description,
        priority: c.task.priority,
        assigned_to: c.task.assigned_to,
        due_date: null,
        tags: ['business-rule'],
      },
      { idempotencyKey: c.correlation_id },
    );
  }
}
