import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EnvReader, readPublicUrl } from '@sixa/observability';
import { readServiceConfig, type ServiceConfig } from '@sixa/service';

export interface WorkConfig extends ServiceConfig {
  demoMode: boolean;
  /** How often the due timers (task overdue, calendar reminders) are checked; the due times are stored. */
  timerSweepMs: number;
  /** Secret: signs the calendar feed links (each user's token can be revoked by rotating it). */
  calendarFeedSecret: string;
  /** The product's address (PUBLIC_URL): calendar apps fetch feeds from `<publicUrl>/api/calendar/feed/...`. */
  publicUrl: string;
  /** How long a replica's claim on a workflow run lasts without renewal (a dead replica's runs are taken over after it). */
  workflowClaimMs: number;
  /** Back-off before a failed step's first retry; doubled for each further one. */
  workflowRetryBaseMs: number;
  /**
   * How long a step carried out by another service (set_lead_status, by crm) waits for that service's
   * confirmation before the attempt fails (then retried as any failed step, with the same command).
   */
  workflowCommandTimeoutMs: number;
  /** Runs one replica works on at once: their steps mostly wait on the database, Kafka or HTTP (32: see deploy/bench-workflows.js). */
  workflowConcurrency: number;
  /**
   * Runs taken in and not finished, across all replicas, beyond which started runs wait in the queue
   * (status `pending`) before their first step: runs already going keep their pace under a burst.
   * A run waiting longer than a few seconds (a long delay) does not count. See deploy/bench-workflows.js.
   */
  workflowMaxActiveRuns: number;
  /**
   * A per-run overhead (a run's duration minus its waits) that counts as unloaded: the engine takes in
   * fewer runs at once only when runs take longer than this and than the least it has seen lately
   * (see AdmissionLimit); queued runs wait instead. A look for due runs slower than twice this (a
   * burst of starts loading the store) takes runs in one at a time (none while the queue is long)
   * until looks are quick again. The median it keeps runs to: the default, 50 ms, keeps the p99
   * within 200 ms on the 2-core bench machine (a median of 100 let the p99 reach 250-330 ms).
   */
  workflowTargetOverheadMs: number;
  /**
   * The longest chain of runs started by events that runs caused (a workflow on task.created that
   * creates a task): a run deeper than this is not started (logged and counted), so a loop stops.
   */
  workflowMaxChainDepth: number;
  /** Finished workflow runs are deleted this many days after they ended (the workflow's counters keep them). */
  workflowRunRetentionDays: number;
  /** Webhook steps may call private, loopback and link-local addresses (never in production). */
  webhookAllowPrivate: boolean;
  /** Host names or addresses webhook steps may call even when private (e.g. an internal service). */
  webhookAllowHosts: string[];
  webhookTimeoutMs: number;
  /** Secret: where workflow e-mails go (smtp://user:pass@host:port); unset, they are written to `mailOutboxDir`. */
  smtpUrl: string | null;
  mailFrom: string;
  /** The local outbox folder for workflow e-mails when there is no SMTP_URL (listed at GET /workflows/mail-outbox). */
  mailOutboxDir: string;
  /**
   * How often notifications are looked at for mailing: digests whose period has ended, and immediate
   * ones whose first attempt failed (those normally go as they are collected).
   */
  notificationSweepMs: number;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): WorkConfig {
  const r = new EnvReader(env);
  const demoMode = r.bool('DEMO_MODE', true);
  return {
    ...readServiceConfig(r, { port: 3003, db: 'work' }),
    demoMode,
    timerSweepMs: r.int('WORK_TIMER_SWEEP_MS', 5_000, { min: 50 }),
    // Outside demo mode a real secret is required: feed links must not be forgeable.
    calendarFeedSecret: demoMode
      ? r.str('CALENDAR_FEED_SECRET', 'local-demo-calendar-feed-secret')
      : r.str('CALENDAR_FEED_SECRET'),
    publicUrl: readPublicUrl(r, ['PUBLIC_BASE_URL']),
    workflowClaimMs: r.int('WORKFLOW_CLAIM_MS', 30_000, { min: 1_000 }),
    workflowRetryBaseMs: r.int('WORKFLOW_RETRY_BASE_MS', 5_000, { min: 10 }),
    workflowCommandTimeoutMs: r.int('WORKFLOW_COMMAND_TIMEOUT_MS', 30_000, { min: 100 }),
    workflowConcurrency: r.int('WORKFLOW_CONCURRENCY', 32, { min: 1, max: 200 }),
    workflowMaxActiveRuns: r.int('WORKFLOW_MAX_ACTIVE_RUNS', 64, { min: 1, max: 100_000 }),
    workflowTargetOverheadMs: r.int('WORKFLOW_TARGET_OVERHEAD_MS', 50, { min: 10, max: 60_000 }),
    workflowMaxChainDepth: r.int('WORKFLOW_MAX_CHAIN_DEPTH', 3, { min: 0, max: 50 }),
    workflowRunRetentionDays: r.int('WORKFLOW_RUN_RETENTION_DAYS', 30, { min: 1, max: 3650 }),
    webhookAllowPrivate: r.bool('WEBHOOK_ALLOW_PRIVATE', false),
    webhookAllowHosts: r.list('WEBHOOK_ALLOW_HOSTS', []),
    webhookTimeoutMs: r.int('WEBHOOK_TIMEOUT_MS', 10_000, { min: 100 }),
    smtpUrl: r.optional('SMTP_URL') ?? null,
    mailFrom: r.str('MAIL_FROM', 'Workflows <workflows@localhost>'),
    mailOutboxDir: r.str('MAIL_OUTBOX_DIR', join(tmpdir(), 'sixa-mail-outbox')),
    notificationSweepMs: r.int('NOTIFICATION_SWEEP_MS', 60_000, { min: 100 }),
  };
}
