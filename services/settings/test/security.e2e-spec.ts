import type { INestApplication } from '@nestjs/common';
import type { SecurityPolicy } from '@sixa/contracts';
import { apiAs, consumerGroupsStable, infra, sleep, uniqueDbName } from '@sixa/testing';
import { ADMIN, EMPLOYEE, login, startAuth } from '../../auth/test/factories';
import { startSettingsService } from '../src/app.module';
import { loadConfig } from '../src/config';
import { startTestGateway } from '../../../gateway/test/test-gateway';

/**
 * The password policy takes effect: set in Settings › Security (the settings service), published on
 * settings.events.v1, enforced by auth on the next user made or password changed, through the gateway.
 */
describe('security policy, through the gateway', () => {
  let auth: Awaited<ReturnType<typeof startAuth>>;
  let settings: INestApplication;
  let gateway: INestApplication;
  let api: string;
  let admin: string;
  let employee: string;

  beforeAll(async () => {
    auth = await startAuth();
    const s = await startSettingsService({
      ...loadConfig({}),
      port: 0,
      mongoUrl: infra().mongoUrl,
      mongoDb: uniqueDbName('settings'),
      kafkaBrokers: infra().brokers,
      kafkaNamespace: infra().namespace,
      jwksUrl: `${auth.url}/auth/.well-known/jwks.json`,
      logLevel: 'warn',
    });
    settings = s.app;
    ({ app: gateway, api } = await startTestGateway({ auth: auth.url, settings: s.url }));
    admin = await login(auth.url, ADMIN);
    employee = await login(auth.url, EMPLOYEE);
    await consumerGroupsStable([`${auth.config.mongoDb}-password-policy`]);
  });
  afterAll(async () => {
    await gateway?.close();
    await settings?.close();
    await auth?.app.close();
  });

  const as = (token: string) => apiAs(api, token);

  const rules = (overrides: Record<string, unknown> = {}) => ({
    password_min_length: 8,
    password_require_uppercase: false,
    password_require_numbers: false,
    password_require_symbols: false,
    password_expiry_days: 0,
    ...overrides,
  });

  let n = 0;
  const newUser = (password: string) => {
    n++;
    return { name: `Policy User ${n}`, email: `policy${n}.${Date.now()}@example.com`, password, role: 'employee' };
  };

  /** Tries `body` until the answer's status is `status` (the policy travels through Kafka), at most `ms`. */
  async function until(status: number, body: () => ReturnType<typeof newUser>, ms = 2_000) {
    const start = Date.now();
    for (;;) {
      const res = await as(admin).post('/users', body());
      if (res.status === status) return { res, ms: Date.now() - start };
      if (Date.now() - start > ms) throw new Error(`still ${res.status} ${JSON.stringify(res.body)} after ${ms} ms`);
      await sleep(50);
    }
  }

  it('serves the defaults until an admin sets a policy', async () => {
    const res = await as(admin).get('/settings/security');
    expect(res.status).toBe(200);
    expect((res.body as SecurityPolicy).rules).toEqual(rules());
  });

  it('refuses a 10-character password within 2 s of a 12-character minimum, and takes it again once back at 8', async () => {
    const set = await as(admin).put('/settings/security', { rules: rules({ password_min_length: 12 }) });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ rules: { password_min_length: 12 }, updated_by: expect.any(String) });
    // "Last changed ... by Admin User": the name as it was, kept with the change (no call to auth).
    expect((await as(admin).get('/settings/security')).body).toMatchObject({
      updated_by: set.body.updated_by,
      updated_by_name: 'Admin User',
    });
    const refused = await until(400, () => newUser('abcdefghij'));
    expect(refused.res.body.detail).toBe('password must be at least 12 characters');
    expect((await as(admin).post('/users', newUser('abcdefghijkl'))).status).toBe(201);

    const back = await as(admin).put('/settings/security', { rules: rules() });
    expect(back.status).toBe(200);
    await until(201, () => newUser('abcdefghij'));
  });

  it('names every rule a password breaks, on create and on a password change', async () => {
    const set = await as(admin).put('/settings/security', {
      rules: rules({
        password_require_uppercase: true,
        password_require_numbers: true,
        password_require_symbols: true,
      }),
    });
    expect(set.status).toBe(200);
    const refused = await until(400, () => newUser('plainpassword'));
    expect(refused.res.body.detail).toBe('password must contain an upper-case letter, a number, a symbol');
    const made = await as(admin).post('/users', newUser('Str0ng-enough'));
    expect(made.status).toBe(201);
    const edit = await as(admin).put(`/users/${made.body.id}`, {
      name: made.body.name,
      email: made.body.email,
      password: 'short',
    });
    expect(edit.status).toBe(400);
    expect(edit.body.detail).toBe(
      'password must be at least 8 characters and contain an upper-case letter, a number, a symbol',
    );
    await as(admin).put('/settings/security', { rules: rules() });
  });

  it('checks the bounds (400 with a detail), keeps it admin only, and refuses a stale revision', async () => {
    const tooShort = await as(admin).put('/settings/security', { rules: rules({ password_min_length: 3 }) });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.detail).toMatch(/Rules: minimum password length must be at least 4/);
    const tooLong = await as(admin).put('/settings/security', { rules: rules({ password_expiry_days: 366 }) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.detail).toMatch(/Rules: password expiry must be at most 365/);
    expect((await as(employee).get('/settings/security')).status).toBe(403);
    expect((await as(employee).put('/settings/security', { rules: rules() })).status).toBe(403);
    const now = (await as(admin).get('/settings/security')).body as SecurityPolicy;
    const stale = await as(admin).put('/settings/security', { rules: rules(), rev: now.rev - 1 });
    expect(stale.status).toBe(409);
  });
});
