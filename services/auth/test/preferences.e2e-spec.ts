import type { INestApplication } from '@nestjs/common';
import { TOPICS } from '@sixa/contracts';
import { EventRecorder, http } from '@sixa/testing';
import { ADMIN, EMPLOYEE, login, newUser, startAuth } from './factories';
import { startTestGateway } from '../../../gateway/test/test-gateway';

/** The signed-in user's preferences, called the way the browser calls them: through the gateway. */
describe('GET/PUT /api/auth/me/preferences', () => {
  let auth: INestApplication;
  let gateway: INestApplication;
  let api: string;
  let admin: string;
  let employee: string;

  beforeAll(async () => {
    const started = await startAuth();
    auth = started.app;
    ({ app: gateway, api } = await startTestGateway({ auth: started.url }));
    admin = await login(api, ADMIN);
    employee = await login(api, EMPLOYEE);
  });
  afterAll(async () => {
    await gateway.close();
    await auth.close();
  });

  it('follows the operating system, and mails notifications at once, until the user chooses', async () => {
    const res = await http(api, 'GET', '/auth/me/preferences', { token: employee });
    expect(res).toMatchObject({ status: 200, body: { theme: 'system', notification_frequency: 'immediate' } });
  });

  it("keeps each user's own choice on their profile, for an employee as for an admin", async () => {
    const put = await http(api, 'PUT', '/auth/me/preferences', { token: employee, body: { theme: 'dark' } });
    expect(put).toMatchObject({ status: 200, body: { theme: 'dark' } });
    await http(api, 'PUT', '/auth/me/preferences', { token: admin, body: { theme: 'light' } });

    // A new sign-in (another device, a reload) finds it.
    const again = await login(api, EMPLOYEE);
    expect((await http(api, 'GET', '/auth/me/preferences', { token: again })).body).toMatchObject({ theme: 'dark' });
    expect((await http(api, 'GET', '/auth/me/preferences', { token: admin })).body).toMatchObject({ theme: 'light' });

    await http(api, 'PUT', '/auth/me/preferences', { token: employee, body: { theme: 'system' } });
    expect((await http(api, 'GET', '/auth/me/preferences', { token: employee })).body).toMatchObject({
      theme: 'system',
    });
  });

  it('reads null as not given: a preference keeps one of its values', async () => {
    await http(api, 'PUT', '/auth/me/preferences', { token: employee, body: { theme: 'dark' } });
    const both = await http(api, 'PUT', '/auth/me/preferences', {
      token: employee,
      body: { theme: null, notification_frequency: 'daily' },
    });
    expect(both).toMatchObject({ status: 200, body: { theme: 'dark', notification_frequency: 'daily' } });
    const none = await http(api, 'PUT', '/auth/me/preferences', { token: employee, body: { theme: null } });
    expect(none).toMatchObject({
      status: 400,
      body: { detail: 'Choose a theme or a notification frequency (or both)' },
    });
    await http(api, 'PUT', '/auth/me/preferences', {
      token: employee,
      body: { theme: 'system', notification_frequency: 'immediate' },
    });
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
    [{}, 'Choose a theme or a notification frequency (or both)'],
    [{ notification_frequency: 'monthly' }, 'notification frequency must be one of: immediate, hourly, daily, weekly'],
    [{ theme: 'dark', user_id: 'someone-else' }, 'user_id is not a field this request takes'],
    [{ theme: 42 }, 'theme must be one of: system, light, dark'],
  ])('refuses %j with 400 and a detail', async (body, detail) => {
    const res = await http(api, 'PUT', '/auth/me/preferences', { token: employee, body });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(detail);
  });

  it('chooses how often notifications are mailed, keeping the theme, and tells the work service', async () => {
    const who = newUser();
    const created = await http(api, 'POST', '/users', { token: admin, body: who });
    const token = await login(api, { email: who.email, password: who.password });
    const events = await new EventRecorder(TOPICS.auth, (e) => e.subject === created.body.id).start();
    try {
      await http(api, 'PUT', '/auth/me/preferences', { token, body: { theme: 'dark' } });
      const put = await http(api, 'PUT', '/auth/me/preferences', { token, body: { notification_frequency: 'daily' } });
      expect(put).toMatchObject({ status: 200, body: { theme: 'dark', notification_frequency: 'daily' } });
      const event = await events.waitFor((e) => e.type === 'user.preferences_updated');
      expect(event.data).toEqual({
        user_id: created.body.id,
        preferences: { theme: 'dark', notification_frequency: 'daily' },
        changed_fields: ['notification_frequency'],
      });
      expect(event.actor).toBe(created.body.id);
    } finally {
      await events.stop();
    }
  });

  it("lets an admin see and set a settings user's notification frequency, and no one else", async () => {
    const who = newUser();
    const created = await http(api, 'POST', '/users', { token: admin, body: who });
    const path = `/settings/users/${created.body.id}/notification-frequency`;
    const set = await http(api, 'PUT', path, { token: admin, body: { notification_frequency: 'weekly' } });
    expect(set).toMatchObject({ status: 200, body: { id: created.body.id, notification_frequency: 'weekly' } });
    const listed = await http(api, 'GET', '/settings/users', { token: admin });
    expect(listed.body.find((u: { id: string }) => u.id === created.body.id).notification_frequency).toBe('weekly');
    const token = await login(api, { email: who.email, password: who.password });
    expect((await http(api, 'GET', '/auth/me/preferences', { token })).body.notification_frequency).toBe('weekly');

    expect((await http(api, 'PUT', path, { token: employee, body: { notification_frequency: 'daily' } })).status).toBe(
      403,
    );
    const bad = await http(api, 'PUT', path, { token: admin, body: { notification_frequency: 'never' } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain('notification frequency must be one of: immediate, hourly, daily, weekly');
    const missing = await http(api, 'PUT', '/settings/users/000000000000000000000000/notification-frequency', {
      token: admin,
      body: { notification_frequency: 'daily' },
    });
    expect(missing.status).toBe(404);
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
