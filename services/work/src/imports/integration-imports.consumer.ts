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
import type { CalendarEventDoc } from '../calendar/calendar-event.schema';
import { CalendarRepository } from '../calendar/calendar.repository';
import { CalendarService } from '../calendar/calendar.service';
import { WorkConfigRef } from '../config.provider';
import { TasksModule } from '../tasks/tasks.module';
import type { TaskDoc } from '../tasks/task.schema';
import { TasksRepository } from '../tasks/tasks.repository';
import { TasksService } from '../tasks/tasks.service';

type Answer = EventMap['work.import_batch_applied'];
type Outcome = 'created' | 'updated' | 'unchanged';
type StoredDoc = { created_at: Date };

/**
 * Tasks and events a sync brings in (integration.work_import_requested, a page at a time) become
 * work tasks and calendar events, once per record: the record's `integration:<platform>:<id>` is
 * the idempotency key of what it makes (a re-run or a redelivery finds it). A sync asks only for
 * what changed at the provider since the last one, so a record that came in before is updated with
 * the provider's fields (a task's title, description, priority, assignee and due date; an event's
 * title, description, times, location and attendees), as crm does with contacts. What the staff
 * own stays: a task's status, an event's reminder and recurrence. One deleted here stays deleted.
 * Each page is answered with its outcome.
 */
@Injectable()
export class IntegrationImportsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly kafka: KafkaLifecycle,
    private readonly producer: IdempotentProducer,
    private readonly tasks: TasksService,
    private readonly taskDocs: TasksRepository,
    private readonly calendar: CalendarService,
    private readonly eventDocs: CalendarRepository,
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
    const answer = await this.apply(event.data, new Date(event.time));
    const reply = createEvent('work', 'work.import_batch_applied', event.data.job_id, event.actor, answer);
    await this.producer.send(EVENT_TOPICS[reply.type], [{ key: reply.subject, value: JSON.stringify(reply) }]);
  }

  /** `requestedAt`: when the page was asked for; what was made since came from this page (a redelivery). */
  async apply(cmd: EventMap['integration.work_import_requested'], requestedAt = new Date()): Promise<Answer> {
    const actor: AuthUser = {
      id: `integration:${cmd.platform_id}`,
      role: 'employee',
      name: cmd.platform_name,
      email: '',
      iat: 0,
    };
    const answer: Answer = {
      correlation_id: cmd.correlation_id,
      job_id: cmd.job_id,
      created: 0,
      updated: 0,
      unchanged: 0,
      failed: [],
    };
    const keyOf = (record: { external_id: string }) => `integration:${cmd.platform_id}:${record.external_id}`;
    const keys = cmd.records.map(keyOf);
    const known: Map<string, StoredDoc> =
      cmd.data_type === 'tasks'
        ? await this.taskDocs.byIdempotencyKeys(keys)
        : await this.eventDocs.byIdempotencyKeys(keys);
    for (const record of cmd.records) {
      const key = keyOf(record);
      const existing = known.get(key);
      try {
        const outcome =
          cmd.data_type === 'tasks'
            ? await this.importTask(actor, key, record as ImportedTask, existing as TaskDoc | undefined)
            : await this.importEvent(actor, key, record as ImportedEvent, existing as CalendarEventDoc | undefined);
        // Made by an earlier delivery of this same page: still this page's making.
        if (outcome === 'unchanged' && existing && existing.created_at >= requestedAt) answer.created++;
        else answer[outcome]++;
      } catch (e) {
        answer.failed.push({ external_id: record.external_id, detail: (e as Error).message });
      }
    }
    return answer;
  }

  private async importTask(actor: AuthUser, key: string, r: ImportedTask, existing?: TaskDoc): Promise<Outcome> {
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
    if (!existing) {
      await this.tasks.create(actor, dto, { idempotencyKey: key });
      return 'created';
    }
    if (existing.deleted_at) return 'unchanged';
    const due = dto.due_date ? new Date(dto.due_date) : null;
    const same =
      existing.title === dto.title &&
      (existing.description ?? '') === (dto.description ?? '') &&
      existing.priority === dto.priority &&
      (existing.assigned_to ?? '') === (dto.assigned_to ?? '') &&
      (existing.due_date?.getTime() ?? null) === (due?.getTime() ?? null);
    if (same) return 'unchanged';
    await this.tasks.update(actor, String(existing._id), {
      title: dto.title,
      description: dto.description ?? '',
      priority: dto.priority,
      assigned_to: dto.assigned_to ?? '',
      due_date: dto.due_date ?? null,
    });
    return 'updated';
  }

  private async importEvent(
    actor: AuthUser,
    key: string,
    r: ImportedEvent,
    existing?: CalendarEventDoc,
  ): Promise<Outcome> {
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
    if (!existing) {
      await this.calendar.create(actor, dto, new Date(), { idempotencyKey: key });
      return 'created';
    }
    if (existing.deleted_at) return 'unchanged';
    // The calendar writes only what differs (and re-arms a reminder only when the times move).
    const saved = await this.calendar.update(actor, String(existing._id), dto);
    return saved.rev === existing.rev ? 'unchanged' : 'updated';
  }
}

@Module({
  imports: [TasksModule, CalendarModule],
  providers: [IntegrationImportsConsumer],
})
export class IntegrationImportsModule {}
