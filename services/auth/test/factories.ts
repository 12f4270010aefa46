import type { OutboxMail } from '@sixa/mail';
import { generateKeyPairSync } from 'node:crypto';
import { infra, uniqueDbName, http } from '@sixa/testing';
import { loadConfig, type AuthConfig } from '../src/config';
import { startAuthService } from '../src/app.module';

/** One RSA key per test run, so that tests can also forge tokens with the real key. */
export const testKeyPair = generateKeyPairSync('rsa', { modulusLength: 2048 });
export const TEST_PRIVATE_KEY = testKeyPair.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;

export function authTestConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  const { brokers, mongoUrl } = infra();
  return {
    ...loadConfig({}),
    port: 0,
    mongoUrl,
    mongoDb: uniqueDbName('auth'),
    kafkaBrokers: brokers,
    kafkaNamespace: infra().namespace,
    privateKeyPem: TEST_PRIVATE_KEY,
    logLevel: 'warn',
    ...overrides,
  };
}

/** Starts the auth service on a fresh database with the demo users in it. */
export async function startAuth(overrides: Partial<AuthConfig> = {}) {
  const config = authTestConfig(overrides);
  const { app, url } = await startAuthService(config);
  await http(url, 'POST', '/auth/initialize-default-users');
  return { app, url, config };
}

export const ADMIN = { email: 'admin@sixa.local', password: 'Admin123!' };
export const EMPLOYEE = { email: 'employee@sixa.local', password: 'Employee123!' };

/** The tokens of the default admin and employee, signed in at `base` (an auth service or a gateway's /api). */
export async function signInBoth(base: string): Promise<{ admin: string; employee: string }> {
  return { admin: await login(base, ADMIN), employee: await login(base, EMPLOYEE) };
}

export async function login(base: string, who: { email: string; password: string }, prefix = ''): Promise<string> {
  const res = await http(base, 'POST', `${prefix}/auth/login`, { body: who });
  if (res.status !== 200) throw new Error(`login as ${who.email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.access_token;
}

let n = 0;
export function newUser(overrides: Record<string, unknown> = {}) {
  n++;
  return {
    name: `Test User ${n}`,
    email: `user${n}.${Date.now()}@example.com`,
    password: 'Sup3r-secret',
    ...overrides,
  };
}

/** A POST /settings/users body (username, email and password unique to the call). */
export function newSettingsUser(overrides: Record<string, unknown> = {}) {
  n++;
  const tag = `${n}.${Date.now().toString(36)}`;
  return {
    username: `user.${tag}`,
    email: `settings${tag}@example.com`,
    full_name: `Settings User ${n}`,
    role: 'user',
    password: 'Sup3r-secret',
    ...overrides,
  } as { username: string; email: string; full_name: string; role: string; password: string } & Record<string, unknown>;
}

/** The password reset link in a mail from the outbox: its address and its secret. */
export function resetLinkIn(mail: OutboxMail): OutboxMail & { url: string; token: string } {
  const m = /(\S+\/reset-password\/([A-Za-z0-9_-]{43}))(?:\s|$)/.exec(mail.body);
  if (!m) throw new Error(`no password reset link in the mail to ${mail.to}: ${mail.body}`);
  return { ...mail, url: m[1], token: m[2] };
}
