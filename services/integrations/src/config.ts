import { EnvReader, readPublicUrl } from '@sixa/observability';
import { readServiceConfig, type ServiceConfig } from '@sixa/service';
import { parseKeyring, type Keyring } from './secret-box';

/** The web client's page providers send the user back to (web/src/features/integrations/oauthFlow.ts). */
export const OAUTH_CALLBACK_PATH = '/integrations/oauth/callback';

export interface IntegrationsConfig extends ServiceConfig {
  demoMode: boolean;
  /**
   * Secret: the keys secrets are encrypted with (AES-256-GCM), `kid:base64 32-byte key` comma-separated,
   * the first one encrypting: add a new key first to rotate; old ones still decrypt what they wrote.
   */
  keyring: Keyring;
  /**
   * Where OAuth providers may send the user back (exact URIs, OAUTH_REDIRECT_URIS): by default the web
   * client's callback page at the product's address, `<PUBLIC_URL>/integrations/oauth/callback`.
   */
  oauthRedirectUris: string[];
  /** The sandbox provider the sample platforms point at (demo mode); null: no sample platforms. */
  sandboxUrl: string | null;
  /** The sandbox as the browser reaches it (its consent page), when not the same as `sandboxUrl` (containers). */
  sandboxPublicUrl: string | null;
  sandboxClientId: string;
  /** Secret: the sandbox's client secret for the sample OAuth platform. */
  sandboxClientSecret: string;
  sandboxApiKeyHint: string;
  /** How often the runner looks for work (jobs, schedules, tokens to refresh). */
  runnerIntervalMs: number;
  /** Records asked per page of a provider's API. */
  pageSize: number;
  /** Refresh an access token this long before it expires. */
  refreshAheadMs: number;
  /** A running job's claim lasts this long unless renewed (another process resumes it after). */
  jobLeaseMs: number;
  /** Longest wait for a provider's Retry-After before the job gives up. */
  maxRetryAfterMs: number;
  providerTimeoutMs: number;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): IntegrationsConfig {
  const r = new EnvReader(env);
  const demoMode = r.bool('DEMO_MODE', true);
  return {
    ...readServiceConfig(r, { port: 3005, db: 'integrations' }),
    demoMode,
    keyring: parseKeyring(r.str('INTEGRATIONS_ENCRYPTION_KEYS')),
    oauthRedirectUris: r.list('OAUTH_REDIRECT_URIS', [`${readPublicUrl(r)}${OAUTH_CALLBACK_PATH}`]),
    sandboxUrl: demoMode ? (r.optional('SANDBOX_PROVIDER_URL') ?? null) : null,
    sandboxPublicUrl: demoMode
      ? (r.optional('SANDBOX_PUBLIC_URL') ?? r.optional('SANDBOX_PROVIDER_URL') ?? null)
      : null,
    sandboxClientId: r.str('SANDBOX_CLIENT_ID', 'sixa-sandbox-client'),
    sandboxClientSecret: r.str('SANDBOX_CLIENT_SECRET', 'sandbox-client-secret'),
    sandboxApiKeyHint: r.str('SANDBOX_API_KEY_HINT', 'sbx_demo_key_0001'),
    runnerIntervalMs: r.int('SYNC_RUNNER_INTERVAL_MS', 1000, { min: 50 }),
    pageSize: r.int('SYNC_PAGE_SIZE', 500, { min: 1, max: 500 }),
    refreshAheadMs: r.int('TOKEN_REFRESH_AHEAD_MS', 5 * 60_000, { min: 0 }),
    jobLeaseMs: r.int('SYNC_JOB_LEASE_MS', 30_000, { min: 1000 }),
    maxRetryAfterMs: r.int('SYNC_MAX_RETRY_AFTER_MS', 120_000, { min: 0 }),
    providerTimeoutMs: r.int('PROVIDER_TIMEOUT_MS', 15_000, { min: 100 }),
  };
}
