import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { conditionHolds, DOMAIN_TOPICS, type EventEnvelope } from '@sixa/contracts';
import { KafkaLifecycle } from '@sixa/kafka';
import { leasedTimer } from '@sixa/mongo';
import { Counter, createLogger, registry } from '@sixa/observability';
import { WorkConfigRef } from '../config.provider';
import { nextFire } from './workflow.rules';
import { runOfStepKey, WorkflowRunsRepository } from './workflow-runs.repository';
import { SharedLookup } from './shared-lookup';
import type { WorkflowDoc } from './workflow.schema';
import { WorkflowRunsService } from './workflow-runs.service';
import { WorkflowsRepository } from './workflows.repository';

/** Runs an event would have started but did not, by reason (`chain_too_deep`: a loop of runs stopped). */
export const workflowRunsRefused = new Counter({
  name: 'workflow_runs_refused_total',
  help: 'Workflow runs an event would have started but that were refused, by reason',
  labelNames: ['reason'] as const,
  registers: [registry],
});

/**
 * Events about a record a workflow step made that the step caused (not a person's later edit): its
 * creation, and timers it set off. The record carries the step's key (`runId:index`).
 */
const RECORD_EVENTS: Record<string, { collection: 'tasks' | 'calendar_events'; id: (data: any) => unknown }> = {
  'task.created': { collection: 'tasks', id: (d) => d?.task?.id },
  'task.overdue': { collection: 'tasks', id: (d) => d?.task?.id },
  'calendar.event_created': { collection: 'calendar_events', id: (d) => d?.event?.id },
  'calendar.reminder': { collection: 'calendar_events', id: (d) => d?.event?.id },
};

/** How far clocks may differ between replicas (see WorkflowEventTriggers.mayMatch). */
const CLOCK_SKEW_MS = 5_000;

/**
 * Event triggers: each domain event starts one run of every active workflow that listens for its
 * type and whose conditions its data meets. Idempotent by a natural key: the run's unique
 * `workflowId:eventId` makes a redelivery find the run it started (no per-event bookkeeping write).
 * A workflow reacts to events that happen after it was created; workflow.* events trigger nothing.
 *
 * Loop guard: an event a run caused (a step's command confirmed with its key as `correlation_id`, or
 * a record a step made, which carries its key) starts runs one level deeper than that run; a run
 * deeper than WORKFLOW_MAX_CHAIN_DEPTH is not started (a warning and workflow_runs_refused_total), so
 * a workflow on task.created that creates a task runs a bounded number of times, not forever.
 */
@Injectable()
export class WorkflowEventTriggers implements OnApplicationBootstrap {
  private readonly logger = createLogger('work:workflow-triggers');

  constructor(
    private readonly kafka: KafkaLifecycle,
    private readonly workflows: WorkflowsRepository,
    private readonly runs: WorkflowRunsService,
    private readonly config: WorkConfigRef,
    private readonly runRecords: WorkflowRunsRepository,
  ) {}

  private listened: { types: Set<string>; loadedAt: number } | null = null;
  /** The workflows listening for an event's type, read once for all the events that came meanwhile. */
  private readonly listening = new SharedLookup<string, WorkflowDoc>((types) => this.workflows.listeningTo(types));

  onApplicationBootstrap() {
    this.kafka.consume(
      {
        groupId: `${this.config.value.mongoDb}-workflow-triggers`,
        topics: [...DOMAIN_TOPICS],
        // A new deployment reacts to what happens from now on: no replay of the topics' history
        // (which would also compete with the other consumers of a starting replica).
        fromBeginning: false,
        // Events about different records are looked at side by side (runs start idempotently by event),
        // and their lookups of the listening workflows share one read.
        keyConcurrency: 16,
      },
      (event) => this.startRunsFor(event),
    );
  }

  /**
   * Whether any workflow may listen for this event, without a query for most of a replayed backlog:
   * a workflow matching an event older than the cached list (minus the clock skew) was created
   * before the list was read, so it is in it; recent events are always looked up.
   */
  private async mayMatch(event: EventEnvelope, at: Date): Promise<boolean> {
    if (!this.listened || Date.now() - this.listened.loadedAt > 2_000)
      this.listened = { types: await this.workflows.listenedEventTypes(), loadedAt: Date.now() };
    return at.getTime() >= this.listened.loadedAt - CLOCK_SKEW_MS || this.listened.types.has(event.type);
  }

  async startRunsFor(event: EventEnvelope): Promise<void> {
    if (event.type.startsWith('workflow.')) return;
    const at = new Date(event.time);
    if (!(await this.mayMatch(event, at))) return;
    let chain: { depth: number; causedByRun: string | null } | undefined;
    for (const w of await this.listening.get(event.type)) {
      if (w.trigger.type !== 'event' || w.event_type !== event.type || at < w.created_at) continue;
      if (!w.trigger.conditions.every((c) => conditionHolds(event.data, c))) continue;
      chain ??= await this.chainOf(event);
      const max = this.config.value.workflowMaxChainDepth;
      if (chain.depth > max) {
        workflowRunsRefused.inc({ reason: 'chain_too_deep' });
        this.logger.warn(
          {
            workflow: String(w._id),
            event_id: event.id,
            event_type: event.type,
            caused_by_run: chain.causedByRun,
            depth: chain.depth,
            max_depth: max,
          },
          'workflow run not started: the event comes from a chain of runs deeper than WORKFLOW_MAX_CHAIN_DEPTH (a loop?)',
        );
        continue;
      }
      await this.runs.start(
        w,
        { type: 'event', event_id: event.id, event_type: event.type },
        {
          ...(event.data as Record<string, unknown>),
          event: { id: event.id, type: event.type, subject: event.subject, actor: event.actor, time: event.time },
        },
        'system',
        `${String(w._id)}:${event.id}`,
        chain,
      );
    }
  }

  /** The run whose step caused this event, if any, and the depth a run it triggers would have. */
  async chainOf(event: EventEnvelope): Promise<{ depth: number; causedByRun: string | null }> {
    const data = event.data as Record<string, unknown> | null;
    let run = runOfStepKey(data?.correlation_id);
    const record = RECORD_EVENTS[event.type];
    if (!run && record) {
      const id = record.id(data);
      if (typeof id === 'string') run = runOfStepKey(await this.runRecords.stepKeyOn(record.collection, id));
    }
    if (!run) return { depth: 0, causedByRun: null };
    return { depth: (await this.runRecords.depthOf(run)) + 1, causedByRun: run };
  }
}

/**
 * Schedule triggers, in one replica at a time (a lease): each active schedule whose `next_fire_at`
 * has come starts one run (unique `workflowId:fireTime` key) and moves on to its next firing with a
 * conditional update. Firings missed while nothing ran become one run, then the schedule goes on from now.
 */
@Injectable()
export class WorkflowScheduler {
  constructor(
    private readonly workflows: WorkflowsRepository,
    private readonly runs: WorkflowRunsService,
  ) {}

  async fireDue(now = new Date()): Promise<number> {
    let fired = 0;
    for (const w of await this.workflows.dueSchedules(now)) {
      if (w.trigger.type !== 'schedule' || !w.next_fire_at) continue;
      const due = w.next_fire_at;
      await this.runs.start(
        w,
        { type: 'schedule' },
        { scheduled_at: due.toISOString(), fired_at: now.toISOString() },
        'system',
        `${String(w._id)}:${due.toISOString()}`,
      );
      if (await this.workflows.advanceSchedule(String(w._id), due, nextFire(w.trigger.cron, w.trigger.time_zone, now)))
        fired++;
    }
    return fired;
  }
}

/** The schedule firings, in one replica at a time (a lease). */
export const WorkflowScheduleTimer = leasedTimer(
  'workflow-schedules',
  [WorkflowScheduler, WorkConfigRef],
  (s, config) => ({
    every: config.value.timerSweepMs,
    turn: async () => ({ fired: await s.fireDue() }),
  }),
);
