import { Injectable, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { actingAs, type AuthUser } from '@sixa/auth';
import {
  CalendarEventDto,
  CreateTaskDto,
  type UpdateTaskDto,
  importAnswer,
  TOPICS,
  type EventEnvelope,
  type EventMap,
  changedAtProvider,
  importedVersion,
  isNotNewer,
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

/**
 * Tasks and events a sync brings in (integration.work_import_requested, a page at a time) become
 * work tasks and calendar events, once per record: the record's `integration:<platform>:<id>` is
 * the idempotency key of what it makes (a re-run or a redelivery finds it). A record that came in
 * before is updated with what changed at the provider since the version applied (ImportedVersion):
 * a field the staff changed and the provider did not stays the staff's, as do a task's status and
 * an event's reminder and recurrence; a version no newer than the one applied (a page that came
 * late, a new connection's full sync) changes nothing; one deleted here stays deleted. Each page
 * is answered with its outcome.
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
    if (event.type !== 'integration.work_import_requested') return;
    const answer = await this.apply(event.data);
    const reply = createEvent('work', 'work.import_batch_applied', event.data.job_id, event.actor, answer);
    await this.producer.publish(reply);
  }

  async apply(cmd: EventMap['integration.work_import_requested']): Promise<Answer> {
    const actor = actingAs(`integration:${cmd.platform_id}`, cmd.platform_name);
    // A redelivered page counts what an earlier delivery made as unchanged: the integrations
    // service adds the three together, once per page.
    const answer = importAnswer(cmd);
    const keyOf = (record: { external_id: string }) => `integration:${cmd.platform_id}:${record.external_id}`;
    const keys = cmd.records.map(keyOf);
    const known: Map<string, TaskDoc | CalendarEventDoc> =
      cmd.data_type === 'tasks'
        ? await this.taskDocs.byIdempotencyKeys(keys)
        : await this.eventDocs.byIdempotencyKeys(keys);
    for (const record of cmd.records) {
      const key = keyOf(record);
      try {
        const outcome =
          cmd.data_type === 'tasks'
            ? await this.importTask(actor, key, record as ImportedTask, known.get(key) as TaskDoc | undefined)
            : await this.importEvent(
                actor,
                key,
                record as ImportedEvent,
                known.get(key) as CalendarEventDoc | undefined,
              );
        answer[outcome]++;
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
    const fields = {
      title: dto.title,
      description: dto.description ?? '',
      priority: dto.priority ?? 'medium',
      assigned_to: dto.assigned_to ?? '',
      due_date: dto.due_date ? new Date(dto.due_date).toISOString() : null,
    };
    const imported = importedVersion(r.updated_at, fields);
    if (!existing) {
      await this.tasks.create(actor, dto, { idempotencyKey: key, imported });
      return 'created';
    }
    if (existing.deleted_at || isNotNewer(existing.imported, imported)) return 'unchanged';
    const current = {
      title: existing.title,
      description: existing.description ?? '',
      priority: existing.priority,
      assigned_to: existing.assigned_to ?? '',
      due_date: existing.due_date ? new Date(existing.due_date).toISOString() : null,
    };
    const changed = changedAtProvider(fields, existing.imported, current);
    if (!changed.length && existing.imported) return 'unchanged';
    // Only what the provider changed: the rest (an assignee picked from the team, a title edited
    // here) stays as the staff left it. (A task from before versions were kept gets one now.)
    const update: UpdateTaskDto = Object.fromEntries(changed.map((f) => [f, fields[f]]));
    const saved = await this.tasks.update(actor, String(existing._id), update, { imported });
    return changed.length && saved.rev !== existing.rev ? 'updated' : 'unchanged';
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
    const fields = {
      title: dto.title,
      description: dto.description ?? '',
      start_time: new Date(dto.start_time).toISOString(),
      end_time: new Date(dto.end_time).toISOString(),
      location: dto.location ?? '',
      attendees: dto.attendees ?? [],
    };
    const imported = importedVersion(r.updated_at, fields);
    if (!existing) {
      await this.calendar.create(actor, dto, new Date(), { idempotencyKey: key, imported });
      return 'created';
    }
    if (existing.deleted_at || isNotNewer(existing.imported, imported)) return 'unchanged';
    const current = {
      title: existing.title,
      description: existing.description ?? '',
      start_time: new Date(existing.start_time).toISOString(),
      end_time: new Date(existing.end_time).toISOString(),
      location: existing.location ?? '',
      attendees: existing.attendees ?? [],
    };
    const changed = new Set(changedAtProvider(fields, existing.imported, current));
    if (!changed.size && existing.imported) return 'unchanged';
    // The form's whole event (title and times are required), the staff's values where the provider
    // changed nothing; the calendar writes only what differs.
    const pick = <K extends keyof typeof fields>(f: K) => (changed.has(f) ? fields[f] : current[f]);
    const update = plainToInstance(CalendarEventDto, {
      title: pick('title'),
      description: pick('description'),
      start_time: pick('start_time'),
      end_time: pick('end_time'),
      location: pick('location'),
      attendees: pick('attendees'),
    });
    const saved = await this.calendar.update(actor, String(existing._id), update, new Date(), { imported });
    return changed.size && saved.rev !== existing.rev ? 'updated' : 'unchanged';
  }
}

@Module({
  imports: [TasksModule, CalendarModule],
  providers: [IntegrationImportsConsumer],
})
export class IntegrationImportsModule {}
