import { EnvReader, readPublicUrl } from '@sixa/observability';
import { type BaseServiceConfig, readBaseServiceConfig } from '@sixa/service';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** auth signs the tokens: it checks them with its own keys, so it has no JWKS_URL. */
export interface AuthConfig extends BaseServiceConfig {
  demoMode: boolean;
  accessTokenTtlSec: number;
  /** PEM (PKCS#8) RSA private key; secret. Without it a key is generated once and kept in the database. */
  privateKeyPem?: string;
  login: { maxFailuresPerAccount: number; maxFailuresPerIp: number; windowSec: number };
  /**
   * The product's address (PUBLIC_URL): links in the mails auth sends open on it
   * (`<publicUrl>/reset-password/<secret>`).
   */
  publicUrl: string;
  /** Secret: where password reset e-mails go (smtp://user:pass@host:port); unset, they are written to `mailOutboxDir`. */
  smtpUrl: string | null;
  mailFrom: string;
  /** The local outbox folder when there is no SMTP_URL (the same folder the other services' mails go to). */
  mailOutboxDir: string;
  passwordReset: {
    /** How long a reset link works. */
    linkTtlMinutes: number;
    /** Reset e-mails to one account per window (asked by anyone, an admin included); beyond: 429. */
    maxPerAccount: number;
    /** Reset requests from one address per window (the public "forgot password" form); beyond: 429. */
    maxPerIp: number;
    windowSec: number;
  };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AuthConfig {
  const r = new EnvReader(env);
  return {
    ...readBaseServiceConfig(r, { port: 3001, db: 'auth' }),
    demoMode: r.bool('DEMO_MODE', true),
    accessTokenTtlSec: r.int('ACCESS_TOKEN_TTL_SECONDS', 3600, { min: 60, max: 86400 }),
    privateKeyPem: r.optional('JWT_PRIVATE_KEY')?.replace(/\\n/g, '\n'),
    login: {
      maxFailuresPerAccount: r.int('LOGIN_MAX_FAILURES_PER_ACCOUNT', 5, { min: 1 }),
      maxFailuresPerIp: r.int('LOGIN_MAX_FAILURES_PER_IP', 50, { min: 1 }),
      windowSec: r.int('LOGIN_WINDOW_SECONDS', 900, { min: 1 }),
    },
    publicUrl: readPublicUrl(r),
    smtpUrl: r.optional('SMTP_URL') ?? null,
    mailFrom: r.str('MAIL_FROM', 'SIXA <no-reply@localhost>'),
    mailOutboxDir: r.str('MAIL_OUTBOX_DIR', join(tmpdir(), 'sixa-mail-outbox')),
    passwordReset: {
      linkTtlMinutes: r.int('PASSWORD_RESET_LINK_TTL_MINUTES', 60, { min: 5, max: 24 * 60 }),
      maxPerAccount: r.int('PASSWORD_RESET_MAX_PER_ACCOUNT', 3, { min: 1 }),
      maxPerIp: r.int('PASSWORD_RESET_MAX_PER_IP', 20, { min: 1 }),
      windowSec: r.int('PASSWORD_RESET_WINDOW_SECONDS', 900, { min: 1 }),
    },
  };
}
