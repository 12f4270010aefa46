import type { INestApplication } from '@nestjs/common';
import { http, infra } from '@sixa/testing';
import { loadConfig } from '../../../gateway/src/config';
import { startGateway } from '../../../gateway/src/main';
import { ADMIN, EMPLOYEE, login, newUser, startAuth } from './factories';

/** The signed-in user's display preferences, called the way the browser calls them: through the gateway. */
describe('GET/PUT /api/auth/me/preferences', () => {
  let auth: INestApplication;
  let gateway: INestApplication;
  let api: string;
  let admin: string;
  let employee: string;

  beforeAll(async () => {
    const started = await startAuth();
    auth = started.app;
    const g = await startGateway({
      ...loadConfig({ AUTH_SERVICE_URL: started.url, KAFKA_BROKERS: infra().brokers.join(','), LOG_LEVEL: 'warn' }),
      port: 0,
    });
    gateway = g.app;
    api = `${g.url}/api`;
    admin = await login(api, ADMIN);
    employee = await login(api, EMPLOYEE);
  });
  afterAll(async () => {
    await gateway.close();
    await auth.close();
  });

  it('follows the operating system until the user chooses', async () => {
    const res = await http(api, 'GET', '/auth/me/preferences', { token: employee });
    expect(res).toMatchObject({ status: 200, body: { theme: 'system' } });
  });

  it("keeps each user's own choice on their profile, for an employee as for an admin", async () => {
    const put = await http(api, 'PUT', '/auth/me/preferences', { token: employee, body: { theme: 'dark' } });
    expect(put).toMatchObject({ status: 200, body: { theme: 'dark' } });
    await http(api, 'PUT', '/auth/me/preferences', { token: admin, body: { theme: 'light' } });

    // A new sign-in (another device, a reload) finds it.
    const again = await login(api, EMPLOYEE);
    expect((await http(api, 'GET', '/auth/me/preferences', { token: again })).body).toEqual({ theme: 'dark' });
    expect((await http(api, 'GET', '/auth/me/preferences', { token: admin })).body).toEqual({ theme: 'light' });

    await http(api, 'PUT', '/auth/me/preferences', { token: employee, body: { theme: 'system' } });
    expect((await http(api, 'GET', '/auth/me/preferences', { token: employee })).body).toEqual({ theme: 'system' });
  });

  it('leaves the user record as it was: the preference is not a field of the User', async () => {
    await http(api, 'PUT', '/auth/me/preferences', { token: admin, body: { theme: 'dark' } });
    const me = await http(api, 'GET', '/auth/me', { token: admin });
    expect(me.body).not.toHaveProperty('preferences');
    const signIn = await http(api, 'POST', '/auth/login', { body: ADMIN });
    expect(signIn.body.user).not.toHaveProperty('preferences');
    const users = await http(api, 'GET', '/users', { token: admin });
    for (const user of users.body) expect(user).not.toHaveProperty('preferences');
  });

  it.each([
    [{ theme: 'blue' }, 'theme must be one of: system, light, dark'],
    [{}, 'theme must be one of: system, light, dark'],
    [{ theme: 'dark', user_id: 'someone-else' }, 'user_id is not a field this request takes'],
    [{ theme: 42 }, 'theme must be one of: system, light, dark'],
  ])('refuses %j with 400 and a detail', async (body, detail) => {
    const res = await http(api, 'PUT', '/auth/me/preferences', { token: employee, body });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(detail);
  });

  it('refuses a body that is not a JSON object with 400, never a 500', async () => {
    for (const rawBody of ['"dark"', '[1,2]', '{"theme":', 'null']) {
      const res = await http(api, 'PUT', '/auth/me/preferences', { token: employee, rawBody });
      expect(res.status).toBe(400);
      expect(typeof res.body.detail).toBe('string');
    }
  });

  it('needs a signed-in user', async () => {
    for (const method of ['GET', 'PUT']) {
      const res = await http(api, method, '/auth/me/preferences', {
        body: method === 'PUT' ? { theme: 'dark' } : undefined,
      });
      expect(res.status).toBe(401);
      expect(typeof res.body.detail).toBe('string');
    }
  });

  it('ends with the account: a deleted user cannot read or change preferences', async () => {
    const who = newUser();
    const created = await http(api, 'POST', '/users', { token: admin, body: who });
    const token = await login(api, { email: who.email, password: who.password });
    await http(api, 'DELETE', `/users/${created.body.id}`, { token: admin });
    const res = await http(api, 'PUT', '/auth/me/preferences', { token, body: { theme: 'dark' } });
    expect(res.status).toBe(401);
  });
});
