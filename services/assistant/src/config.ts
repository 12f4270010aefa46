import { ConfigError, EnvReader } from '@sixa/observability';
import { readServiceConfig, type ServiceConfig } from '@sixa/service';

export interface AssistantConfig extends ServiceConfig {
  demoMode: boolean;
  /**
   * The workspace's API as the browser reaches it (the gateway's `/api`): the assistant's tools call it
   * with the signed-in user's own token, so the user's role limits what the assistant can do.
   */
  apiBaseUrl: string;
  /** How long one tool call to the API may take. */
  apiTimeoutMs: number;
  /** The calendar day ("today") and months the dashboard counts in (IANA zone). */
  dashboardTimeZone: string;
  /**
   * Suffix of the read model's consumer group. A new value makes a new group that reads the topics
   * from their start: with an emptied store, the dashboard is rebuilt from the events.
   */
  readModelGeneration: string;
  /**
   * Whether a new read-model group reads the topics from their start (the default: the dashboard
   * counts everything the topics hold). false: from their end, i.e. figures from then on, without
   * reading the history (a deployment or test stack that has no use for it).
   */
  readModelFromBeginning: boolean;
  /** An OpenAI-compatible chat-completions endpoint; unset, the deterministic intent parser answers. */
  llmApiUrl: string | null;
  /** Secret: the model endpoint's key. */
  llmApiKey: string | null;
  llmModel: string | null;
  llmTimeoutMs: number;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AssistantConfig {
  const r = new EnvReader(env);
  const llmUrl = r.optional('LLM_API_URL');
  return {
    ...readServiceConfig(r, { port: 3007, db: 'assistant' }),
    demoMode: r.bool('DEMO_MODE', true),
    apiBaseUrl: r.url('API_BASE_URL', 'http://127.0.0.1:8080/api'),
    apiTimeoutMs: r.int('ASSISTANT_API_TIMEOUT_MS', 10_000, { min: 100 }),
    dashboardTimeZone: timeZone(r.str('DASHBOARD_TIME_ZONE', 'UTC')),
    readModelGeneration: r.str('READ_MODEL_GENERATION', '1'),
    readModelFromBeginning: r.bool('READ_MODEL_FROM_BEGINNING', true),
    // With a model URL, its key is required (a start without it would quietly answer with the parser).
    llmApiUrl: llmUrl ? r.url('LLM_API_URL') : null,
    llmApiKey: llmUrl ? r.str('LLM_API_KEY') : null,
    llmModel: llmUrl ? r.str('LLM_MODEL', 'gpt-4o-mini') : null,
    llmTimeoutMs: r.int('LLM_TIMEOUT_MS', 20_000, { min: 100 }),
  };
}

function timeZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    throw new ConfigError(`DASHBOARD_TIME_ZONE must be an IANA time zone (e.g. Europe/Berlin), got "${zone}"`);
  }
}
