import type { INestApplication } from '@nestjs/common';
import { TOPICS } from '@sixa/contracts';
import { EventRecorder, http } from '@sixa/testing';
import { ADMIN, EMPLOYEE, login, newUser, startAuth } from './factories';

describe('users', () => {
  let app: INestApplication;
  let url: string;
  let admin: string;
  let adminId: string;
  let employee: string;

  beforeAll(async () => {
    ({ app, url } = await startAuth());
    admin = await login(url, ADMIN);
    employee = await login(url, EMPLOYEE);
    adminId = (await http(url, 'GET', '/auth/me', { token: admin })).body.id;
  });
  afterAll(() => app.close());

  const create = async (overrides: Record<string, unknown> = {}) => {
    const res = await http(url, 'POST', '/users', { token: admin, body: newUser(overrides) });
    expect(res.status).toBe(201);
    return res.body;
  };

  it('lets an admin create a user, listed with the API field names and no internals', async () => {
    const user = await create({ role: 'employee' });
    expect(user).toEqual({
      id: expect.any(String),
      etag: expect.any(String),
      name: expect.any(String),
      email: expect.any(String),
      role: 'employee',
      is_active: true,
      avatar: null,
      last_login: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const list = await http(url, 'GET', '/users', { token: admin });
    expect(list.body.map((u: { id: string }) => u.id)).toContain(user.id);
  });

  it.each([
    ['GET', '/users'],
    ['POST', '/users'],
    ['PUT', '/users/000000000000000000000000'],
    ['PATCH', '/users/000000000000000000000000/toggle-status'],
    ['DELETE', '/users/000000000000000000000000'],
  ])('refuses an employee on %s %s with 403', async (method, path) => {
    const res = await http(url, method, path, { token: employee, body: method === 'GET' ? undefined : newUser() });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBeTruthy();
  });

  it('refuses a duplicate e-mail with 409 and a clear detail, whatever its case', async () => {
    const user = await create();
    const res = await http(url, 'POST', '/users', { token: admin, body: newUser({ email: user.email.toUpperCase() }) });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(`A user with the email ${user.email} already exists`);
  });

  it('keeps the password when an edit leaves it blank, and changes it when given', async () => {
    const body = newUser();
    const user = await create(body);
    const edit = await http(url, 'PUT', `/users/${user.id}`, {
      token: admin,
      body: { name: 'Renamed', email: user.email, password: '' },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.name).toBe('Renamed');
    expect(
      (await http(url, 'POST', '/auth/login', { body: { email: user.email, password: body.password } })).status,
    ).toBe(200);
    await http(url, 'PUT', `/users/${user.id}`, {
      token: admin,
      body: { name: 'Renamed', email: user.email, password: 'An0ther-pass' },
    });
    expect(
      (await http(url, 'POST', '/auth/login', { body: { email: user.email, password: 'An0ther-pass' } })).status,
    ).toBe(200);
  });

  it('does not let an admin change their own role, deactivate or delete themselves', async () => {
    const role = await http(url, 'PUT', `/users/${adminId}`, {
      token: admin,
      body: { name: 'Admin User', email: ADMIN.email, role: 'employee' },
    });
    expect(role.status).toBe(400);
    expect(role.body.detail).toBe('You cannot change your own role');
    const toggle = await http(url, 'PATCH', `/users/${adminId}/toggle-status`, { token: admin });
    expect(toggle.status).toBe(403);
    const del = await http(url, 'DELETE', `/users/${adminId}`, { token: admin });
    expect(del.status).toBe(403);
    const me = await http(url, 'GET', '/auth/me', { token: admin });
    expect(me.body).toMatchObject({ role: 'admin', is_active: true });
  });

  it('toggles a user between active and inactive', async () => {
    const user = await create();
    const off = await http(url, 'PATCH', `/users/${user.id}/toggle-status`, { token: admin });
    expect(off.body).toEqual({ id: user.id, is_active: false });
    const on = await http(url, 'PATCH', `/users/${user.id}/toggle-status`, { token: admin });
    expect(on.body).toEqual({ id: user.id, is_active: true });
  });

  it('deletes a user: 204, then 404 and gone from the list', async () => {
    const user = await create();
    expect((await http(url, 'DELETE', `/users/${user.id}`, { token: admin })).status).toBe(204);
    expect((await http(url, 'GET', `/users/${user.id}`, { token: admin })).status).toBe(404);
    expect((await http(url, 'DELETE', `/users/${user.id}`, { token: admin })).status).toBe(404);
    const list = await http(url, 'GET', '/users', { token: admin });
    expect(list.body.map((u: { id: string }) => u.id)).not.toContain(user.id);
  });

  describe('mass assignment and operator injection', () => {
    it.each([
      ['an _id', { _id: '000000000000000000000001' }, /_id is not a field this request takes/],
      ['an unknown field', { is_admin: true }, /is_admin is not a field this request takes/],
      ['a server-owned field', { is_active: false }, /is_active is not a field this request takes/],
      ['an operator instead of a string', { name: { $ne: null } }, /name must be text/],
      ['an operator in the e-mail', { email: { $gt: '' } }, /^e-mail must be text$/],
    ])('refuses an edit with %s (400) and changes nothing', async (_what, extra, detail) => {
      const user = await create();
      const res = await http(url, 'PUT', `/users/${user.id}`, {
        token: admin,
        body: { name: user.name, email: user.email, ...extra },
      });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(detail);
      const after = await http(url, 'GET', `/users/${user.id}`, { token: admin });
      expect(after.body).toEqual(user);
    });

    it('refuses role on a self-edit (400) and keeps the role', async () => {
      const res = await http(url, 'PUT', `/users/${adminId}`, {
        token: admin,
        body: { name: 'Admin User', email: ADMIN.email, role: 'admin' },
      });
      expect(res.status).toBe(400);
    });

    it('refuses a __proto__ key in a body (400) and creates nothing', async () => {
      const body = newUser();
      const raw = JSON.stringify(body).replace(/}$/, ',"__proto__":{"role":"admin"}}');
      const res = await http(url, 'POST', '/users', { token: admin, rawBody: raw });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBeTruthy();
      const list = await http(url, 'GET', '/users', { token: admin });
      expect(list.body.map((u: { email: string }) => u.email)).not.toContain(body.email.toLowerCase());
    });

    it('refuses a create that sets its own id or role to something unknown', async () => {
      expect((await http(url, 'POST', '/users', { token: admin, body: newUser({ id: 'x' }) })).status).toBe(400);
      expect(
        (await http(url, 'POST', '/users', { token: admin, body: newUser({ role: 'root' }) })).body.detail,
      ).toMatch(/role must be one of/);
    });
  });

  it('answers 404 with a detail for an id that is not an id', async () => {
    const res = await http(url, 'GET', '/users/not-an-id', { token: admin });
    expect(res).toMatchObject({ status: 404, body: { detail: 'User not found' } });
  });
});

describe('user events on auth.events.v1', () => {
  let app: INestApplication;
  let url: string;
  let recorder: EventRecorder;

  beforeAll(async () => {
    ({ app, url } = await startAuth());
    recorder = await new EventRecorder(TOPICS.auth).start();
  });
  afterAll(async () => {
    await recorder.stop();
    await app.close();
  });

  it('publishes user.created with the CloudEvents envelope and no secret', async () => {
    const admin = await login(url, ADMIN);
    const adminId = (await http(url, 'GET', '/auth/me', { token: admin })).body.id;
    const user = (await http(url, 'POST', '/users', { token: admin, body: newUser() })).body;
    const event = await recorder.waitFor((e) => e.type === 'user.created' && e.subject === user.id);
    expect(event).toEqual({
      specversion: '1.0',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      source: 'auth',
      type: 'user.created',
      subject: user.id,
      time: expect.any(String),
      actor: adminId,
      datacontenttype: 'application/json',
      data: {
        user: {
          id: user.id,
          name: user.name,
          email: user.email,
          role: 'employee',
          is_active: true,
          created_at: user.created_at,
        },
      },
    });
    expect(JSON.stringify(event)).not.toMatch(/password/);
  });

  it('publishes updated (with what changed), deactivated, activated and deleted', async () => {
    const admin = await login(url, ADMIN);
    const user = (await http(url, 'POST', '/users', { token: admin, body: newUser() })).body;
    await http(url, 'PUT', `/users/${user.id}`, {
      token: admin,
      body: { name: 'New Name', email: user.email, password: 'Changed-pass1' },
    });
    await http(url, 'PATCH', `/users/${user.id}/toggle-status`, { token: admin });
    await http(url, 'PATCH', `/users/${user.id}/toggle-status`, { token: admin });
    await http(url, 'DELETE', `/users/${user.id}`, { token: admin });
    await recorder.waitFor((e) => e.type === 'user.deleted' && e.subject === user.id);
    const types = recorder.events.filter((e) => e.subject === user.id).map((e) => e.type);
    expect(types).toEqual(['user.created', 'user.updated', 'user.deactivated', 'user.activated', 'user.deleted']);
    const updated = recorder.events.find((e) => e.subject === user.id && e.type === 'user.updated')!;
    expect(updated.data).toMatchObject({
      changed_fields: ['name', 'password'],
      before: { name: user.name },
      after: { name: 'New Name' },
    });
  });
});
