import { Injectable, Module, type OnApplicationBootstrap } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import {
  CalendarEventDto,
  CreateTaskDto,
  EVENT_TOPICS,
  TOPICS,
  type EventEnvelope,
  type EventMap,
  type ImportedEvent,
  type ImportedTask,
} from '@sixa/contracts';
import { createEvent, IdempotentProducer, KafkaLifecycle } from '@sixa/kafka';
import { validationDetail } from '@sixa/observability';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { CalendarModule } from '../calendar/calendar.module';
import { CalendarService } from '../calendar/calendar.service';
import { WorkConfigRef } from '../config.provider';
import { TasksModule } from '../tasks/tasks.module';
import { TasksService } from '../tasks/tasks.service';

type Answer = EventMap['work.import_batch_applied'];

/**
 * Tasks and events a sync brings in (integration.work_import_requested, a page at a time) become
 * work tasks and calendar events, once per record: the record's `<platform>:<id>` is the idempotency
 * key of what it makes (a re-run or a redelivery finds it). Each page is answered with its outcome.
 * A record changed at the provider after it came in is not updated here (contacts are, in crm).
 */
@Injectable()
export class IntegrationImportsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly kafka: KafkaLifecycle,
    private readonly producer: IdempotentProducer,
    private readonly tasks: TasksService,
    private readonly calendar: CalendarService,
    private readonly config: WorkConfigRef,
  ) {}

  onApplicationBootstrap() {
    this.kafka.consume(
      {
        groupId: `${this.config.value.mongoDb}-integration-imports`,
        topics: [TOPICS.integrations],
        fromBeginning: false,
        sessionTimeoutMs: 120_000,
      },
      (event) => this.handle(event),
    );
  }

  async handle(event: EventEnvelope): Promise<void> {
    if (event.type !== 'integration.work_import_requested' || event.data.audience !== this.config.value.mongoDb) return;
    const answer = await this.apply(event.data);
    const reply = createEvent('work', 'work.import_batch_applied', event.data.job_id, event.actor, answer);
    await this.producer.send(EVENT_TOPICS[reply.type], [{ key: reply.subject, value: JSON.stringify(reply) }]);
  }

  async apply(cmd: EventMap['integration.work_import_requested']): Promise<Answer> {
    const actor: AuthUser = {
      id: `integration:${cmd.platform_id}`,
      role: 'employee',
      name: cmd.platform_name,
      email: '',
      iat: 0,
    };
    // Made now or by an earlier run: work does not tell them apart here; the job counts both as brought in.
    const answer: Answer = {
      correlation_id: cmd.correlation_id,
      job_id: cmd.job_id,
      created: 0,
      updated: 0,
      unchanged: 0,
      failed: [],
    };
    for (const record of cmd.records) {
      const key = `integration:${cmd.platform_id}:${record.external_id}`;
      try {
        if (cmd.data_type === 'tasks') {
          const r = record as ImportedTask;
          const dto = plainToInstance(CreateTaskDto, {
            title: r.title,
            description: r.description,
            priority: ['low', 'medium', 'high', 'urgent'].includes(r.priority) ? r.priority : 'medium',
            assigned_to: r.assigned_to,
            due_date: r.due_date,
            tags: ['imported'],
          });
          const errors = await validate(dto, { whitelist: true });
          if (errors.length) throw new Error(validationDetail(errors).join('; '));
          await this.tasks.create(actor, dto, { idempotencyKey: key });
        } else {
          const r = record as ImportedEvent;
          const dto = plainToInstance(CalendarEventDto, {
            title: r.title,
            description: r.description,
            start_time: r.start_time,
            end_time: r.end_time,
            location: r.location,
            attendees: r.attendees,
          });
          const errors = await validate(dto, { whitelist: true });
          if (errors.length) throw new Error(validationDetail(errors).join('; '));
          await this.calendar.create(actor, dto, new Date(), { idempotencyKey: key });
        }
        answer.created++;
      } catch (e) {
        answer.failed.push({ external_id: record.external_id, detail: (e as Error).message });
      }
    }
    return answer;
  }
}

@Module({
  imports: [TasksModule, CalendarModule],
  providers: [IntegrationImportsConsumer],
})
export class IntegrationImportsModule {}
