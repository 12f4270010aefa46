import { EnvReader, readPublicUrl } from '@sixa/observability';
import { readServiceConfig, type ServiceConfig } from '@sixa/service';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface DocumentsConfig extends ServiceConfig {
  demoMode: boolean;
  /**
   * The product's address (PUBLIC_URL): share links open on `<publicUrl>/api/documents/shared/<token>`,
   * signing links on `<publicUrl>/sign/<token>` (the web client, served by the gateway).
   */
  publicUrl: string;
  /** Secret: signs the signers' links (HMAC-SHA256); rotating it voids every link out. */
  signingLinkSecret: string;
  /** Secret: where signing e-mails go (smtp://user:pass@host:port); unset, they are written to `mailOutboxDir`. */
  smtpUrl: string | null;
  mailFrom: string;
  /** The local outbox folder when there is no SMTP_URL (the same folder the workflows' mails go to). */
  mailOutboxDir: string;
  /** How often the reminder and expiry sweep looks for due signature requests, in ms. */
  signingSweepMs: number;
  /** Hours between reminders to a signer who has not signed (when the sender asked for reminders). */
  signingReminderHours: number;
  /**
   * GOTENBERG_URL: document conversion goes to this Gotenberg 8 (docker compose, k8s). Unset, the
   * machine's LibreOffice (docx, xlsx, txt) and Chromium (html) convert, run by this process.
   */
  gotenbergUrl: string | null;
  /** The largest file POST /documents/convert takes, in decoded bytes (larger: 413). */
  convertMaxBytes: number;
  /** How long one conversion may take before its converter is stopped (504), in ms. */
  convertTimeoutMs: number;
  /** Conversions run at once by this process; more wait in a queue. */
  convertConcurrency: number;
  /** Conversions that may wait for a free slot; beyond them: 503 with Retry-After. */
  convertQueueMax: number;
  /** LibreOffice's `soffice` (SOFFICE_PATH); unset: found on PATH. */
  sofficePath: string | null;
  /** Chromium (CHROMIUM_PATH); unset: /usr/bin/chromium or found on PATH. */
  chromiumPath: string | null;
  /** Where local conversions keep their files (one folder per conversion, removed after it). */
  convertTmpDir: string;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): DocumentsConfig {
  const r = new EnvReader(env);
  const demoMode = r.bool('DEMO_MODE', true);
  return {
    ...readServiceConfig(r, { port: 3004, db: 'documents' }),
    demoMode,
    publicUrl: readPublicUrl(r, ['PUBLIC_BASE_URL', 'WEB_BASE_URL']),
    // Outside demo mode a real secret is required: signing links must not be forgeable.
    signingLinkSecret: demoMode
      ? r.str('SIGNING_LINK_SECRET', 'local-demo-signing-link-secret')
      : r.str('SIGNING_LINK_SECRET'),
    smtpUrl: r.optional('SMTP_URL') ?? null,
    mailFrom: r.str('MAIL_FROM', 'SIXA Documents <documents@localhost>'),
    mailOutboxDir: r.str('MAIL_OUTBOX_DIR', join(tmpdir(), 'sixa-mail-outbox')),
    signingSweepMs: r.int('SIGNING_SWEEP_MS', 30_000, { min: 100 }),
    signingReminderHours: r.int('SIGNING_REMINDER_HOURS', 48, { min: 1, max: 24 * 30 }),
    gotenbergUrl: r.optional('GOTENBERG_URL') ? r.url('GOTENBERG_URL') : null,
    convertMaxBytes: r.int('CONVERT_MAX_BYTES', 10 * 1024 * 1024, { min: 1024, max: 100 * 1024 * 1024 }),
    convertTimeoutMs: r.int('CONVERT_TIMEOUT_MS', 30_000, { min: 100, max: 10 * 60_000 }),
    convertConcurrency: r.int('CONVERT_CONCURRENCY', 2, { min: 1, max: 64 }),
    convertQueueMax: r.int('CONVERT_QUEUE_MAX', 8, { min: 0, max: 10_000 }),
    sofficePath: r.optional('SOFFICE_PATH') ?? null,
    chromiumPath: r.optional('CHROMIUM_PATH') ?? null,
    convertTmpDir: r.str('CONVERT_TMP_DIR', join(tmpdir(), 'sixa-convert')),
  };
}
