import type { Lead, LeadStatus, ProductService, Quote, QuoteAcceptance, QuoteStatus, ScoreFactor } from './crm';
import type { AssistantActionData } from './assistant';
import type { Document, DocumentCategory, DocumentStatus, DocumentTemplate } from './documents';
import type { AiSettingGroup, SecurityPolicy, SystemSetting } from './settings';
import type { Alert, AlertSeverity, SystemStatus } from './monitoring';
import type { ImportedContact, ImportedEvent, ImportedTask, IntegrationConnection, SyncJob } from './integrations';
import type { Role, UserPreferences } from './users';
import type { CalendarEvent, Task, TaskPriority, TaskStatus, TeamMember } from './work';
import type { Workflow, WorkflowAction, WorkflowRunTrigger } from './workflows';

/**
 * Kafka topics, one per bounded context and version. Frozen: renaming a topic strands every
 * consumer group's offsets and every event still in the old one; add a new version instead.
 */
export const TOPICS = Object.freeze({
  auth: 'auth.events.v1',
  crm: 'crm.events.v1',
  work: 'work.events.v1',
  documents: 'documents.events.v1',
  integrations: 'integrations.events.v1',
  settings: 'settings.events.v1',
  assistant: 'assistant.events.v1',
  monitoring: 'monitoring.events.v1',
  monitoringStatus: 'monitoring.status.v1',
  /** The gateway's sightings of signed-in users (presence), at most one per user per minute. */
  presence: 'gateway.presence.v1',
} as const);
export type Topic = (typeof TOPICS)[keyof typeof TOPICS];

export const dlqTopic = (topic: string): string => `${topic}.dlq`;

/** CloudEvents 1.0 structured envelope of one event type. */
export interface EventEnvelopeOf<T extends EventType> {
  specversion: '1.0';
  id: string;
  source: string;
  type: T;
  subject: string;
  time: string;
  actor: string;
  datacontenttype: 'application/json';
  data: EventMap[T];
}

/**
 * The envelope shared by every service: a union discriminated on `type`, so that a handler that
 * checks `event.type` gets the data of that type without a cast. `EventEnvelope<'quote.sent'>` is one member.
 */
export type EventEnvelope<T extends EventType = EventType> = { [K in T]: EventEnvelopeOf<K> }[T];

/** The user as carried in events: never the password hash. */
export interface UserSnapshot {
  id: string;
  name: string;
  email: string;
  role: Role;
  is_active: boolean;
  created_at: string;
}

export interface UserUpdatedData {
  user: UserSnapshot;
  changed_fields: string[];
  before: Partial<UserSnapshot>;
  after: Partial<UserSnapshot>;
}

/** Every event type and its data, declared once. Publishing and handling are checked against it. */
export interface EventMap {
  'user.created': { user: UserSnapshot };
  'user.updated': UserUpdatedData;
  'user.activated': { user: UserSnapshot };
  'user.deactivated': { user: UserSnapshot };
  'user.deleted': { user: UserSnapshot };
  /**
   * One session ended (its owner signed out): every token carrying `session_id` (the `sid` claim) is
   * refused from now on. `expires_at`: when the session's token expires anyway, after which no one
   * needs to remember the revocation.
   */
  'session.revoked': { session_id: string; user_id: string; expires_at: string; reason: 'logout' };
  /**
   * Every session of the user issued up to the event's `time` ended (their password was reset by
   * e-mail link): tokens issued before it are refused, the ones signed in with afterwards work.
   */
  'user.sessions_revoked': { user_id: string; reason: 'password_reset' };
  /**
   * A user's notification frequency was chosen (by them, or by an admin for them): `preferences` as
   * they are now, `changed_fields` among them. Work e-mails notifications accordingly.
   */
  'user.preferences_updated': { user_id: string; preferences: UserPreferences; changed_fields: string[] };
  'lead.created': { lead: Lead };
  'lead.updated': { lead: Lead; changed_fields: string[]; before: Partial<Lead>; after: Partial<Lead> };
  'lead.scored': { lead_id: string; email: string; score: number; previous_score: number; factors: ScoreFactor[] };
  /**
   * `correlation_id` when the change carried out a command (a workflow step's
   * `lead.status_change_requested`): the requester's confirmation.
   */
  'lead.status_changed': { lead_id: string; email: string; from: LeadStatus; to: LeadStatus; correlation_id?: string };
  /**
   * A command to crm (published by work for a workflow step): set a lead's status. crm applies it once
   * per `correlation_id` and answers with `lead.status_changed` (the change made),
   * `lead.status_change_confirmed` (nothing to change) or `lead.status_change_rejected`, each with the
   * same `correlation_id`. A command found after `expires_at` is dropped: the requester stopped waiting
   * for it (it re-sends the same command when it retries).
   */
  'lead.status_change_requested': LeadStatusCommand;
  /** The command needed no change: the lead already had that status, or this command was applied before. */
  'lead.status_change_confirmed': {
    correlation_id: string;
    lead_id: string;
    email: string;
    status: LeadStatus;
    reason: 'already_in_status' | 'already_applied';
  };
  /** The command cannot be carried out (retrying will not help): no such lead, or not a status. */
  'lead.status_change_rejected': {
    correlation_id: string;
    lead_id: string | null;
    email: string | null;
    status: string;
    code: LeadStatusRejection;
    reason: string;
  };
  'quote.created': { quote: Quote };
  /** A draft edited: what changed (only drafts can be edited). */
  'quote.updated': { quote: Quote; changed_fields: string[]; before: Partial<Quote>; after: Partial<Quote> };
  /** Carries what the documents service needs to open a signature request without calling back. */
  'quote.sent': QuoteTransition & {
    quote: Quote;
    /** The crm deployment that sent it (its database): a documents service follows its own crm only. */
    deployment?: string;
    e_signature_required: boolean;
    signer: { name: string; email: string };
    public_url: string;
  };
  'quote.viewed': QuoteTransition;
  /** With the customer's acceptance evidence (absent only from events published before it was kept). */
  'quote.accepted': QuoteTransition & { acceptance?: QuoteAcceptance };
  'quote.rejected': QuoteTransition;
  'quote.expired': QuoteTransition;
  'product.created': { product: ProductService };
  'product.updated': { product: ProductService; changed_fields: string[] };
  /** One sample of the platform's health, every 10 s (monitoring.status.v1). */
  /**
   * `deployment`: the monitoring service's database (MONGO_DB) that sent it: the gateway's live
   * stream forwards its own deployment's only (MONITORING_DB; absent means the default, `monitoring`).
   */
  'status.sampled': { status: SystemStatus; deployment?: string };
  'alert.raised': { alert: Alert; deployment?: string };
  'alert.acknowledged': { alert: Alert; deployment?: string };
  'alert.resolved': { alert: Alert; deployment?: string };
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
  /** A signed-in user made an authenticated request (or holds the monitoring stream) at `at`. */
  'user.seen': { user_id: string; email: string; at: string };
  /** A change the assistant made for a user through the workspace's API (after the user confirmed it). */
  'assistant.action_completed': AssistantActionData;
  /** A change the assistant tried and the API refused or failed (`error` says why). */
  'assistant.action_failed': AssistantActionData;
  'document_template.created': { template: DocumentTemplate };
  'document_template.updated': {
    template: DocumentTemplate;
    changed_fields: string[];
    before: Partial<DocumentTemplate>;
    after: Partial<DocumentTemplate>;
  };
  'document_template.deleted': { template: DocumentTemplate };
  'document_category.created': { category: DocumentCategory };
  /** `template_id` and the variables' names when it was made from a template. */
  'document.created': { document: Document; template_id: string | null; variables: string[] };
  /**
   * What changed (`content` among `changed_fields` with a new `version`; before/after hold the other
   * fields, the content itself is in `document`). A status move is also `document.status_changed`.
   */
  'document.updated': {
    document: Document;
    changed_fields: string[];
    before: Partial<Document>;
    after: Partial<Document>;
  };
  'document.status_changed': { document: Document; from: DocumentStatus; to: DocumentStatus };
  'document.deleted': { document: Document };
  /** Signers' links mailed (the first in order, or all when parallel). */
  /** `deployment`: the documents service's database (crm follows its own documents deployment only). */
  'document.sent_for_signature': {
    document: Document;
    quote_id: string | null;
    customer_signing_url?: string;
    deployment?: string;
  };
  /** A signer opened their signing page (first time only). */
  'document.viewed': { document: Document; signer_email: string };
  /** One signer signed; `completed` when it was the last (then the document is `signed`). */
  'document.signed': {
    document: Document;
    signer_email: string;
    signer_name: string;
    signer_ip: string | null;
    signer_user_agent: string | null;
    completed: boolean;
    quote_id: string | null;
    deployment?: string;
  };
  'document.declined': { document: Document; signer_email: string; reason: string; quote_id: string | null };
  'document.expired': { document: Document; quote_id: string | null };
  /** The password policy changed: auth enforces it from then on. `deployment`: the settings service's database. */
  'settings.security_policy_updated': { policy: SecurityPolicy; deployment: string };
  /** A system setting changed; the service that applies it (KNOWN_SYSTEM_SETTINGS) follows its own deployment. */
  'settings.system_setting_updated': { setting: SystemSetting; rev: number; deployment: string };
  /** An AI settings group changed: the assistant applies it from its next answer. */
  'settings.ai_settings_updated': { group: AiSettingGroup; rev: number; deployment: string };
  'integration.connected': { connection: IntegrationConnection };
  'integration.disconnected': { connection: IntegrationConnection };
  /** A connection stopped working (a refresh the provider refused, a revoked grant): monitoring raises an alert. */
  'integration.connection_failed': { connection: IntegrationConnection; reason: string; audience: string };
  'integration.sync_started': { job: SyncJob };
  'integration.sync_succeeded': { job: SyncJob };
  'integration.sync_failed': { job: SyncJob };
  /** One page of a sync's contacts for crm to bring in as leads, by external id (once per `correlation_id`). */
  'integration.contacts_import_requested': {
    correlation_id: string;
    job_id: string;
    platform_id: string;
    platform_name: string;
    records: ImportedContact[];
    /** The crm deployment meant (CRM_DB on the integrations side). */
    audience: string;
  };
  /** One page of a sync's tasks or events for work (tasks, calendar events), once per record by external id. */
  'integration.work_import_requested': {
    correlation_id: string;
    job_id: string;
    platform_id: string;
    platform_name: string;
    data_type: 'tasks' | 'events';
    records: Array<ImportedTask | ImportedEvent>;
    /** The work deployment meant (WORK_DB on the integrations side). */
    audience: string;
  };
  /** work's answer to one page. */
  'work.import_batch_applied': {
    correlation_id: string;
    job_id: string;
    created: number;
    updated: number;
    unchanged: number;
    failed: Array<{ external_id: string; detail: string }>;
  };
  /** crm's answer to one page: what it made of each record. */
  'lead.import_batch_applied': {
    correlation_id: string;
    job_id: string;
    created: number;
    updated: number;
    unchanged: number;
    failed: Array<{ external_id: string; detail: string }>;
  };
  /** A business rule asks work for a task (work makes it once per `correlation_id`). */
  'settings.rule_task_requested': RuleCommand & {
    task: { title: string; description: string; priority: TaskPriority; assigned_to: string };
  };
  /** A business rule asks monitoring for an alert (raised once per `correlation_id`). */
  'settings.rule_alert_raised': RuleCommand & { severity: AlertSeverity; title: string; description: string };
}

export const LEAD_STATUS_REJECTIONS = ['lead_not_found', 'invalid_status'] as const;
export type LeadStatusRejection = (typeof LEAD_STATUS_REJECTIONS)[number];

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
  /**
   * The crm deployment meant (its database's name: CRM_DB on the requester's side). A crm of another
   * deployment on the same Kafka ignores the command rather than answering that it has no such lead.
   */
  audience?: string;
}

/** A business rule's command to another service: which rule, on which event, for which deployment. */
export interface RuleCommand {
  /** `rule:<rule id>:<event id>:<action index>`: the command is carried out once, whatever the redeliveries. */
  correlation_id: string;
  rule_id: string;
  rule_name: string;
  source_event_id: string;
  source_event_type: string;
  /** The deployment meant (its database's name): another one on the same Kafka ignores the command. */
  audience: string;
}

/** Every workflow run event names its run and workflow. */
export interface WorkflowRunRef {
  run_id: string;
  workflow_id: string;
  workflow_name: string;
}

/** Every quote state change carries these, at the same paths (the customer e-mail is always `data.customer_email`). */
export interface QuoteTransition {
  quote_id: string;
  quote_number: string;
  customer_email: string;
  total_amount: number;
  from: QuoteStatus;
  to: QuoteStatus;
}
export type EventType = keyof EventMap;

/** Which topic each event type is published on. */
export const EVENT_TOPICS: { [K in EventType]: Topic } = {
  'user.created': TOPICS.auth,
  'user.updated': TOPICS.auth,
  'user.activated': TOPICS.auth,
  'user.deactivated': TOPICS.auth,
  'user.deleted': TOPICS.auth,
  'session.revoked': TOPICS.auth,
  'user.sessions_revoked': TOPICS.auth,
  'user.preferences_updated': TOPICS.auth,
  'lead.created': TOPICS.crm,
  'lead.updated': TOPICS.crm,
  'lead.scored': TOPICS.crm,
  'lead.status_changed': TOPICS.crm,
  'lead.status_change_requested': TOPICS.work,
  'lead.status_change_confirmed': TOPICS.crm,
  'lead.status_change_rejected': TOPICS.crm,
  'quote.created': TOPICS.crm,
  'quote.updated': TOPICS.crm,
  'quote.sent': TOPICS.crm,
  'quote.viewed': TOPICS.crm,
  'quote.accepted': TOPICS.crm,
  'quote.rejected': TOPICS.crm,
  'quote.expired': TOPICS.crm,
  'product.created': TOPICS.crm,
  'product.updated': TOPICS.crm,
  'status.sampled': TOPICS.monitoringStatus,
  'alert.raised': TOPICS.monitoring,
  'alert.acknowledged': TOPICS.monitoring,
  'alert.resolved': TOPICS.monitoring,
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
  'user.seen': TOPICS.presence,
  'assistant.action_completed': TOPICS.assistant,
  'assistant.action_failed': TOPICS.assistant,
  'document_template.created': TOPICS.documents,
  'document_template.updated': TOPICS.documents,
  'document_template.deleted': TOPICS.documents,
  'document_category.created': TOPICS.documents,
  'document.created': TOPICS.documents,
  'document.updated': TOPICS.documents,
  'document.status_changed': TOPICS.documents,
  'document.deleted': TOPICS.documents,
  'document.sent_for_signature': TOPICS.documents,
  'document.viewed': TOPICS.documents,
  'document.signed': TOPICS.documents,
  'document.declined': TOPICS.documents,
  'document.expired': TOPICS.documents,
  'settings.security_policy_updated': TOPICS.settings,
  'settings.system_setting_updated': TOPICS.settings,
  'settings.ai_settings_updated': TOPICS.settings,
  'settings.rule_task_requested': TOPICS.settings,
  'integration.connected': TOPICS.integrations,
  'integration.disconnected': TOPICS.integrations,
  'integration.connection_failed': TOPICS.integrations,
  'integration.sync_started': TOPICS.integrations,
  'integration.sync_succeeded': TOPICS.integrations,
  'integration.sync_failed': TOPICS.integrations,
  'integration.contacts_import_requested': TOPICS.integrations,
  'integration.work_import_requested': TOPICS.integrations,
  'work.import_batch_applied': TOPICS.work,
  'lead.import_batch_applied': TOPICS.crm,
  'settings.rule_alert_raised': TOPICS.settings,
};

export function isEventEnvelope(value: unknown): value is EventEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    v.specversion === '1.0' &&
    typeof v.id === 'string' &&
    typeof v.type === 'string' &&
    typeof v.source === 'string' &&
    typeof v.subject === 'string' &&
    typeof v.time === 'string' &&
    typeof v.data === 'object' &&
    v.data !== null
  );
}
