import { DEFAULT_PUBLIC_URL } from '@sixa/observability';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig as authConfig } from '../../auth/src/config';
import { loadConfig as crmConfig } from '../../crm/src/config';
import { loadConfig as integrationsConfig } from '../../integrations/src/config';
import { loadConfig as workConfig } from '../../work/src/config';
import { loadConfig as documentsConfig } from '../src/config';

type Env = Record<string, string | undefined>;
interface Service {
  name: string;
  port: number;
  env?: (ctx: object) => Env;
}

// The launcher of `npm start` (plain JavaScript, outside the TypeScript build).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SERVICES, GATEWAY, publicUrlOf } = require('../../../deploy/processes.js') as {
  SERVICES: Service[];
  GATEWAY: { port: number };
  publicUrlOf: (env: Env, port: number) => string;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { serviceEnv, localUrl } = require('../../../deploy/launch.js') as {
  serviceEnv: (service: Service, ctx: object) => Env;
  localUrl: (host: string, port: number) => string;
};

const KEYS = { INTEGRATIONS_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}` };

/**
 * Where each kind of link that leaves the product opens, as each service builds it from its
 * configuration: the customer's quote link (crm), a signer's link and a share link (documents), the
 * OAuth redirect URI (integrations), a calendar feed (work), and password-reset links (auth).
 */
function linkOrigins(envOf: (service: string) => Env) {
  const documents = documentsConfig(envOf('documents'));
  return {
    quote: new URL(`${crmConfig(envOf('crm')).publicUrl}/quote/token`).origin,
    signing: new URL(`${documents.publicUrl}/sign/token`).origin,
    share: new URL(`${documents.publicUrl}/api/documents/shared/token`).origin,
    oauthRedirect: new URL(integrationsConfig({ ...KEYS, ...envOf('integrations') }).oauthRedirectUris[0]).origin,
    calendarFeed: new URL(`${workConfig(envOf('work')).publicUrl}/api/calendar/feed/token.ics`).origin,
    passwordReset: new URL(`${authConfig(envOf('auth')).publicUrl}/reset-password`).origin,
  };
}

/** Every process as `npm start` starts it (deploy/launch.js), from the shell's environment `shell`. */
function launched(shell: Env, dataDir: string) {
  const port = GATEWAY.port;
  const publicUrl = publicUrlOf(shell, port);
  const common = { ...shell, PUBLIC_URL: publicUrl };
  const serviceUrls = Object.fromEntries(SERVICES.map((s) => [s.name, localUrl('127.0.0.1', s.port)]));
  const gatewayUrl = localUrl('127.0.0.1', port);
  const envOf = (name: string) => {
    const service = SERVICES.find((s) => s.name === name)!;
    return serviceEnv(service, { common, port: service.port, serviceUrls, gatewayUrl, publicUrl, dataDir });
  };
  return { printed: publicUrl, origins: linkOrigins(envOf) };
}

describe('the one public URL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sixa-public-url-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('opens every link on the address npm start prints', () => {
    const { printed, origins } = launched({}, dataDir);
    expect(printed).toBe('http://localhost:8080');
    expect(Object.values(origins)).toEqual(Object.values(origins).map(() => printed));
  });

  it('opens every link on PUBLIC_URL when the shell sets it', () => {
    const { printed, origins } = launched({ PUBLIC_URL: 'https://sixa.example.com/' }, dataDir);
    expect(printed).toBe('https://sixa.example.com');
    expect(new Set(Object.values(origins))).toEqual(new Set(['https://sixa.example.com']));
  });

  it('opens every link on one address when a service starts on its defaults alone (a container)', () => {
    const origins = linkOrigins(() => ({}));
    expect(new Set(Object.values(origins))).toEqual(new Set([DEFAULT_PUBLIC_URL]));
  });
});
