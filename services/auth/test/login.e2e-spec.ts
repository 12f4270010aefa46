import type { INestApplication } from '@nestjs/common';
import { http } from '@sixa/testing';
import mongoose from 'mongoose';
import { ADMIN, EMPLOYEE, login, newUser, startAuth } from './factories';

describe('POST /auth/login', () => {
  let app: INestApplication;
  let url: string;
  let mongoUrl: string;
  let db: string;

  beforeAll(async () => {
    ({
      app,
      url,
      config: { mongoUrl, mongoDb: db },
    } = await startAuth({
      login: { maxFailuresPerAccount: 3, maxFailuresPerIp: 100, windowSec: 60 },
    }));
  });
  afterAll(() => app.close());

  it('signs in with the right password and returns a token and the user, with last_login set', async () => {
    const res = await http(url, 'POST', '/auth/login', { body: ADMIN });
    expect(res.status).toBe(200);
    expect(res.body.access_token.split('.')).toHaveLength(3);
    expect(res.body.user).toMatchObject({ email: ADMIN.email, role: 'admin', is_active: true });
    expect(res.body.user).not.toHaveProperty('password_hash');
    expect(Date.parse(res.body.user.last_login)).toBeGreaterThan(Date.now() - 10_000);
    const me = await http(url, 'GET', '/auth/me', { token: res.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.last_login).toBe(res.body.user.last_login);
  });

  it('refuses a wrong password with 401 and the same words as an unknown e-mail', async () => {
    const wrong = await http(url, 'POST', '/auth/login', { body: { email: EMPLOYEE.email, password: 'nope' } });
    const unknown = await http(url, 'POST', '/auth/login', { body: { email: 'nobody@example.com', password: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ detail: 'Invalid email or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses a deactivated user with 403 and says why', async () => {
    const admin = await login(url, ADMIN);
    const user = newUser();
    const created = await http(url, 'POST', '/users', { token: admin, body: user });
    const toggled = await http(url, 'PATCH', `/users/${created.body.id}/toggle-status`, { token: admin });
    expect(toggled.body).toEqual({ id: created.body.id, is_active: false });
    const res = await http(url, 'POST', '/auth/login', { body: { email: user.email, password: user.password } });
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/deactivated/);
  });

  it.each([
    [{}, /^e-mail is required; password is required$/],
    [{ email: ADMIN.email }, /^password is required$/],
    [{ password: 'x' }, /^e-mail is required$/],
    [{ email: 'not-an-email', password: 'x' }, /valid e-mail/],
    [{ email: { $ne: null }, password: 'x' }, /^e-mail must be text$/],
  ])('answers 400 with a detail for %j', async (body, detail) => {
    const res = await http(url, 'POST', '/auth/login', { body });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(detail);
  });

  it('throttles an account after repeated failures with 429, even for the right password', async () => {
    const user = newUser();
    await http(url, 'POST', '/users', { token: await login(url, ADMIN), body: user });
    for (let i = 0; i < 3; i++) {
      expect((await http(url, 'POST', '/auth/login', { body: { email: user.email, password: 'wrong' } })).status).toBe(
        401,
      );
    }
    const res = await http(url, 'POST', '/auth/login', { body: { email: user.email, password: user.password } });
    expect(res.status).toBe(429);
    expect(res.body.detail).toMatch(/Too many failed sign-in attempts/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('stores passwords as argon2id hashes', async () => {
    const conn = await mongoose.createConnection(mongoUrl, { dbName: db }).asPromise();
    try {
      const users = await conn.collection('users').find({}).toArray();
      expect(users.length).toBeGreaterThanOrEqual(2);
      for (const u of users) expect(u.password_hash).toMatch(/^\$argon2id\$v=19\$/);
    } finally {
      await conn.close();
    }
  });
});

describe('POST /auth/login throttling per address', () => {
  it('answers 429 once one address has failed too often across accounts', async () => {
    const { app, url } = await startAuth({ login: { maxFailuresPerAccount: 100, maxFailuresPerIp: 4, windowSec: 60 } });
    try {
      for (let i = 0; i < 4; i++) {
        await http(url, 'POST', '/auth/login', { body: { email: `someone${i}@example.com`, password: 'x' } });
      }
      const res = await http(url, 'POST', '/auth/login', { body: ADMIN });
      expect(res.status).toBe(429);
    } finally {
      await app.close();
    }
  });
});
