import type { CalendarEvent, Task, TaskStatus, TeamMember } from '../work';
import type { Workflow, WorkflowAction, WorkflowRunTrigger } from '../workflows';
import type { ImportBatchApplied } from './integrations';
import { TOPICS, type Topic } from './topics';

/** `lead.status_change_requested`: the lead by id or, failing that, by e-mail. */
export interface LeadStatusCommand {
  /** The requester's key for this change (a workflow step's `runId:index`): applied once, answered each time. */
  correlation_id: string;
  lead_id: string | null;
  email: string | null;
  /** One of LEAD_STATUSES (checked by crm: anything else is rejected). */
  status: string;
  /** After this the requester no longer waits: crm drops the command. */
  expires_at: string;
  /** Who asked: a workflow run's step, or a business rule's action on an event. */
  requested_by:
    { workflow_id: string; run_id: string; step: number } | { rule_id: string; event_id: string; action: number };
}

/** Every workflow run event names its run and workflow. */
export interface WorkflowRunRef {
  run_id: string;
  workflow_id: string;
  workflow_name: string;
}

/** The events of work (tasks, the team, the calendar, workflows, and the commands its workflows send), and their data. */
export interface WorkEvents {
  /**
   * A command to crm (published by work for a workflow step): set a lead's status. crm applies it once
   * per `correlation_id` and answers with `lead.status_changed` (the change made),
   * `lead.status_change_confirmed` (nothing to change) or `lead.status_change_rejected`, each with the
   * same `correlation_id`. A command found after `expires_at` is dropped: the requester stopped waiting
   * for it (it re-sends the same command when it retries).
   */
  'lead.status_change_requested': LeadStatusCommand;
  'task.created': { task: Task };
  'task.updated': { task: Task; changed_fields: string[]; before: Partial<Task>; after: Partial<Task> };
  'task.status_changed': { task: Task; from: TaskStatus; to: TaskStatus };
  'task.completed': { task: Task };
  /** The due date passed while the task was open; once per due date. */
  'task.overdue': { task: Task };
  'task.deleted': { task: Task };
  'team_member.created': { member: TeamMember };
  'team_member.updated': { member: TeamMember; changed_fields: string[] };
  'team_member.deleted': { member: TeamMember };
  'calendar.event_created': { event: CalendarEvent };
  'calendar.event_updated': {
    event: CalendarEvent;
    changed_fields: string[];
    before: Partial<CalendarEvent>;
    after: Partial<CalendarEvent>;
  };
  'calendar.event_deleted': { event: CalendarEvent };
  /** `minutes_before` the occurrence starting at `occurrence_start`; once per occurrence. */
  'calendar.reminder': { event: CalendarEvent; occurrence_start: string; minutes_before: number };
  'workflow.created': { workflow: Workflow };
  'workflow.updated': {
    workflow: Workflow;
    changed_fields: string[];
    before: Partial<Workflow>;
    after: Partial<Workflow>;
  };
  'workflow.deleted': { workflow: Workflow };
  'workflow.run_started': WorkflowRunRef & { trigger: WorkflowRunTrigger };
  'workflow.step_succeeded': WorkflowRunRef & {
    index: number;
    action: WorkflowAction;
    attempts: number;
    output: Record<string, unknown> | null;
  };
  /** A step attempt failed; `will_retry` says whether another attempt follows (after `retry_at`). */
  'workflow.step_failed': WorkflowRunRef & {
    index: number;
    action: WorkflowAction;
    attempts: number;
    error: string;
    will_retry: boolean;
    retry_at: string | null;
  };
  'workflow.run_succeeded': WorkflowRunRef & { started_at: string; ended_at: string };
  'workflow.run_failed': WorkflowRunRef & { started_at: string; ended_at: string; error: string; failed_step: number };
  /** work's answer to one page. */
  'work.import_batch_applied': ImportBatchApplied;
}

/** Which topic each of them is published on. */
export const WORK_EVENT_TOPICS: { [K in keyof WorkEvents]: Topic } = {
  'lead.status_change_requested': TOPICS.work,
  'task.created': TOPICS.work,
  'task.updated': TOPICS.work,
  'task.status_changed': TOPICS.work,
  'task.completed': TOPICS.work,
  'task.overdue': TOPICS.work,
  'task.deleted': TOPICS.work,
  'team_member.created': TOPICS.work,
  'team_member.updated': TOPICS.work,
  'team_member.deleted': TOPICS.work,
  'calendar.event_created': TOPICS.work,
  'calendar.event_updated': TOPICS.work,
  'calendar.event_deleted': TOPICS.work,
  'calendar.reminder': TOPICS.work,
  'workflow.created': TOPICS.work,
  'workflow.updated': TOPICS.work,
  'workflow.deleted': TOPICS.work,
  'workflow.run_started': TOPICS.work,
  'workflow.step_succeeded': TOPICS.work,
  'workflow.step_failed': TOPICS.work,
  'workflow.run_succeeded': TOPICS.work,
  'workflow.run_failed': TOPICS.work,
  'work.import_batch_applied': TOPICS.work,
};
