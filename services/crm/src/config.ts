import { EnvReader, readPublicUrl } from '@sixa/observability';
import { readServiceConfig, type ServiceConfig } from '@sixa/service';

export interface CrmConfig extends ServiceConfig {
  demoMode: boolean;
  /** Secret: signs the customer's quote links. */
  quoteLinkSecret: string;
  /** The product's address (PUBLIC_URL): customers open quote links on it, `<publicUrl>/quote/<token>`. */
  publicUrl: string;
  /** How often sent quotes are checked for expiry (the expiry time itself is stored per quote). */
  expirySweepMs: number;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): CrmConfig {
  const r = new EnvReader(env);
  const demoMode = r.bool('DEMO_MODE', true);
  return {
    ...readServiceConfig(r, { port: 3002, db: 'crm' }),
    demoMode,
    // Outside demo mode a real secret is required: quote links must not be forgeable.
    quoteLinkSecret: demoMode ? r.str('QUOTE_LINK_SECRET', 'local-demo-quote-link-secret') : r.str('QUOTE_LINK_SECRET'),
    publicUrl: readPublicUrl(r, ['PUBLIC_BASE_URL']),
    expirySweepMs: r.int('QUOTE_EXPIRY_SWEEP_MS', 30_000, { min: 100 }),
  };
}
