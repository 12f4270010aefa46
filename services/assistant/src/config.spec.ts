import { ConfigError } from '@sixa/observability';
import { loadConfig } from './config';

describe('assistant configuration', () => {
  it('answers with the intent parser unless a model URL is set, and then requires its key', () => {
    expect(loadConfig({}).llmApiUrl).toBeNull();
    expect(() => loadConfig({ LLM_API_URL: 'https://api.example.com/v1' })).toThrow(/LLM_API_KEY is required/);
    const withModel = loadConfig({ LLM_API_URL: 'https://api.example.com/v1', LLM_API_KEY: 'k' });
    expect(withModel).toMatchObject({ llmApiKey: 'k', llmModel: 'gpt-4o-mini' });
  });

  it('refuses a dashboard time zone that is not an IANA zone', () => {
    expect(loadConfig({ DASHBOARD_TIME_ZONE: 'Europe/Berlin' }).dashboardTimeZone).toBe('Europe/Berlin');
    expect(() => loadConfig({ DASHBOARD_TIME_ZONE: 'Mars/Olympus' })).toThrow(ConfigError);
  });
});
