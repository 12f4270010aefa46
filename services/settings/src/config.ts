import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseResolveOverrides } from '@sixa/outbound';
import { EnvReader } from '@sixa/observability';
import { readServiceConfig, type ServiceConfig } from '@sixa/service';

export interface SettingsConfig extends ServiceConfig {
  /** Webhooks may call private, loopback and link-local addresses (never in production). */
  webhookAllowPrivate: boolean;
  /** Host names webhooks may call whatever they resolve to (an on-premise receiver; tests). */
  webhookAllowHosts: string[];
  /** Fixed answers for host names (`name=address`), checked by the guard like DNS answers. */
  webhookResolve: Record<string, string>;
  /** How often the delivery runner looks for due deliveries and retries. */
  webhookSweepMs: number;
  /** Business rules' e-mails: SMTP when set (secret), else .eml files in `mailOutboxDir`. */
  smtpUrl: string | null;
  mailFrom: string;
  mailOutboxDir: string;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): SettingsConfig {
  const r = new EnvReader(env);
  return {
    ...readServiceConfig(r, { port: 3006, db: 'settings' }),
    webhookAllowPrivate: r.bool('WEBHOOK_ALLOW_PRIVATE', false),
    webhookAllowHosts: r.list('WEBHOOK_ALLOW_HOSTS', []),
    webhookResolve: parseResolveOverrides(r.list('WEBHOOK_RESOLVE', [])),
    webhookSweepMs: r.int('WEBHOOK_SWEEP_MS', 500, { min: 50 }),
    smtpUrl: r.optional('SMTP_URL') ?? null,
    mailFrom: r.str('MAIL_FROM', 'SIXA Business Rules <rules@localhost>'),
    mailOutboxDir: r.str('MAIL_OUTBOX_DIR', join(tmpdir(), 'sixa-mail-outbox')),
  };
}
