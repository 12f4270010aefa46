import type { INestApplication } from '@nestjs/common';
import { http } from '@sixa/testing';
import { ADMIN, EMPLOYEE, login, newSettingsUser, startAuth } from './factories';

describe('settings users', () => {
  let app: INestApplication;
  let url: string;
  let admin: string;

  beforeAll(async () => {
    ({ app, url } = await startAuth());
    admin = await login(url, ADMIN);
  });
  afterAll(() => app.close());

  const create = (body: Record<string, unknown>, token = admin) =>
    http(url, 'POST', '/settings/users', { token, body });

  it('creates a settings user with the defaults UTC and en, listed with the same people as /users', async () => {
    const body = newSettingsUser({ role: 'manager', department: 'Sales' });
    const res = await create(body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      etag: expect.any(String),
      user_id: res.body.id,
      username: body.username,
      email: body.email,
      full_name: body.full_name,
      role: 'manager',
      department: 'Sales',
      timezone: 'UTC',
      language: 'en',
      last_login: null,
      is_active: true,
    });

    const settingsList = await http(url, 'GET', '/settings/users', { token: admin });
    const usersList = await http(url, 'GET', '/users', { token: admin });
    expect(settingsList.status).toBe(200);
    expect(settingsList.body.map((u: { id: string }) => u.id)).toEqual(usersList.body.map((u: { id: string }) => u.id));
    // The demo accounts made before usernames: no username, the defaults for the rest.
    expect(settingsList.body.find((u: { email: string }) => u.email === ADMIN.email)).toMatchObject({
      username: null,
      full_name: 'Admin User',
      role: 'admin',
      timezone: 'UTC',
      language: 'en',
      department: null,
      last_login: expect.any(String),
    });
    // /users keeps its shape: the profile fields are not in it; the full name is its name.
    const asUser = usersList.body.find((u: { id: string }) => u.id === res.body.id);
    expect(asUser).toMatchObject({ name: body.full_name, role: 'manager' });
    expect(asUser).not.toHaveProperty('username');

    // The new user signs in with the password given.
    expect(
      (await http(url, 'POST', '/auth/login', { body: { email: body.email, password: body.password } })).status,
    ).toBe(200);
  });

  it('keeps a timezone and language given, in their canonical spelling', async () => {
    const res = await create(newSettingsUser({ role: 'user', timezone: 'Europe/Paris', language: 'pt-br' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ role: 'user', timezone: 'Europe/Paris', language: 'pt-BR' });
  });

  it('refuses a duplicate username with 409, whatever its case', async () => {
    const body = newSettingsUser();
    expect((await create(body)).status).toBe(201);
    const dup = await create(newSettingsUser({ username: body.username.toUpperCase() }));
    expect(dup.status).toBe(409);
    expect(dup.body.detail).toBe(`The username ${body.username} is already taken`);
  });

  it('refuses a duplicate e-mail with 409', async () => {
    const body = newSettingsUser();
    expect((await create(body)).status).toBe(201);
    const dup = await create(newSettingsUser({ email: body.email }));
    expect(dup.status).toBe(409);
    expect(dup.body.detail).toBe(`A user with the email ${body.email} already exists`);
  });

  it.each([
    [{ timezone: 'Mars/Olympus_Mons' }, /timezone must be a known IANA time zone/],
    [{ language: 'english-please' }, /language must be a short BCP 47 language tag/],
    [{ role: 'owner' }, /role must be one of: admin, employee, manager, user, viewer/],
    [{ username: 'has space' }, /username may contain only/],
    [{ full_name: '  ' }, /full name is required/],
    [{ password: undefined }, /password/],
    [{ password: 'short' }, /password must be at least 8 characters/],
    [{ is_active: false }, /is_active is not a field this request takes/],
  ])('refuses %j with 400 naming the problem', async (change, detail) => {
    const res = await create({ ...newSettingsUser(), ...change });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(detail);
  });

  it('is for admins only', async () => {
    const employee = await login(url, EMPLOYEE);
    expect((await http(url, 'GET', '/settings/users', { token: employee })).status).toBe(403);
    expect((await create(newSettingsUser(), employee)).status).toBe(403);
  });

  it('refuses to delete an admin (409), and deletes the others', async () => {
    const other = await create(newSettingsUser({ role: 'admin' }));
    const del = await http(url, 'DELETE', `/users/${other.body.id}`, { token: admin });
    expect(del.status).toBe(409);
    expect(del.body.detail).toBe('Admin users cannot be deleted');
    expect((await http(url, 'GET', `/users/${other.body.id}`, { token: admin })).status).toBe(200);

    const viewer = await create(newSettingsUser({ role: 'viewer' }));
    expect((await http(url, 'DELETE', `/users/${viewer.body.id}`, { token: admin })).status).toBe(204);
    const list = await http(url, 'GET', '/settings/users', { token: admin });
    expect(list.body.map((u: { id: string }) => u.id)).not.toContain(viewer.body.id);
  });
});
