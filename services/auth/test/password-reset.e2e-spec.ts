import { PASSWORD_RESET_REQUESTED_DETAIL, SESSION_ENDED_DETAIL, TOPICS } from '@sixa/contracts';
import { BODY_NOT_KEPT, readOutbox as outboxMails, type OutboxMail } from '@sixa/mail';
import { EventRecorder, http, infra, sleep, uniqueDbName } from '@sixa/testing';
import { MongoClient, ObjectId } from 'mongodb';
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN, EMPLOYEE, login, newUser, resetLinkIn, startAuth } from './factories';

const PUBLIC_URL = 'https://sixa.example.com';

/** Waits for the first mail in the outbox to `to` (the public form mails after it has answered). */
async function mailTo(dir: string, to: string, ms = 10_000): Promise<OutboxMail> {
  const end = Date.now() + ms;
  for (;;) {
    const found = (await outboxMails(dir)).find((m) => m.to === to);
    if (found) return found;
    if (Date.now() > end) throw new Error(`no mail to ${to} in ${dir} within ${ms} ms`);
    await sleep(50);
  }
}

describe('password reset by e-mail link', () => {
  let auth: Awaited<ReturnType<typeof startAuth>>;
  let url: string;
  let admin: string;
  let mongo: MongoClient;
  const outbox = join(tmpdir(), uniqueDbName('auth-outbox'));

  beforeAll(async () => {
    auth = await startAuth({
      mailOutboxDir: outbox,
      publicUrl: PUBLIC_URL,
      passwordReset: { linkTtlMinutes: 60, maxPerAccount: 3, maxPerIp: 4, windowSec: 900 },
    });
    url = auth.url;
    admin = await login(url, ADMIN);
    mongo = await MongoClient.connect(infra().mongoUrl);
  });
  afterAll(async () => {
    await mongo?.close();
    await auth?.app.close();
    await rm(outbox, { recursive: true, force: true });
  });

  const users = () => mongo.db(auth.config.mongoDb).collection('users');
  const createUser = async () => {
    const body = newUser();
    const created = await http(url, 'POST', '/users', { token: admin, body });
    expect(created.status).toBe(201);
    return { id: created.body.id as string, credentials: { email: body.email, password: body.password }, ...body };
  };
  const sendReset = (id: string, token = admin) => http(url, 'POST', `/settings/users/${id}/reset-password`, { token });
  const linkFor = async (email: string) => resetLinkIn(await mailTo(outbox, email));

  it("mails an admin's reset as a single-use link that sets a password under the policy and ends every session", async () => {
    const user = await createUser();
    const before = await login(url, user.credentials);
    const events = await new EventRecorder(TOPICS.auth, (e) => e.subject === user.id).start();
    try {
      const sent = await sendReset(user.id);
      expect(sent.status).toBe(202);
      expect(sent.body).toMatchObject({
        email: user.email,
        detail: `A password reset e-mail was sent to ${user.email}`,
      });
      expect(Date.parse(sent.body.expires_at) - Date.now()).toBeGreaterThan(59 * 60_000);

      const mail = await mailTo(outbox, user.email);
      expect(mail.subject).toBe('Reset your SIXA password');
      const link = resetLinkIn(mail);
      expect(link.url).toBe(`${PUBLIC_URL}/reset-password/${link.token}`);
      // Only a hash of the secret is stored: not in the user, not in the mail's record.
      const stored = await users().findOne({ _id: new ObjectId(user.id) });
      expect(stored?.password_reset.token_hash).toBe(createHash('sha256').update(link.token).digest('hex'));
      const record = await mongo
        .db(auth.config.mongoDb)
        .collection('password_reset_mails')
        .findOne({ user_id: user.id });
      expect(record?.body).toBe(BODY_NOT_KEPT);
      expect(JSON.stringify([stored, record])).not.toContain(link.token);

      const check = await http(url, 'POST', '/auth/reset-password/check', { body: { token: link.token } });
      expect(check).toMatchObject({ status: 200, body: { email: user.email, expires_at: sent.body.expires_at } });

      // The policy applies, and a refused password leaves the link usable.
      const weak = await http(url, 'POST', '/auth/reset-password', {
        body: { token: link.token, new_password: 'short' },
      });
      expect(weak.status).toBe(400);
      expect(weak.body.detail).toBe('password must be at least 8 characters');

      const done = await http(url, 'POST', '/auth/reset-password', {
        body: { token: link.token, new_password: 'Brand-new-pass1' },
      });
      expect(done).toMatchObject({ status: 200, body: { email: user.email } });
      // Signed in at once with the new password (within the reset's second): a session that works.
      const signedIn = await login(url, { email: user.email, password: 'Brand-new-pass1' });

      const again = await http(url, 'POST', '/auth/reset-password', {
        body: { token: link.token, new_password: 'Another-pass2' },
      });
      expect(again.status).toBe(410);
      expect(again.body.detail).toMatch(/already been used/);
      expect((await http(url, 'POST', '/auth/reset-password/check', { body: { token: link.token } })).status).toBe(410);

      // Every session issued until then has ended, here and (through the event) everywhere.
      const me = await http(url, 'GET', '/auth/me', { token: before });
      expect(me).toMatchObject({ status: 401, body: { detail: SESSION_ENDED_DETAIL } });
      await events.waitFor((e) => e.type === 'user.sessions_revoked');
      expect(events.events.filter((e) => e.type === 'user.sessions_revoked')).toHaveLength(1);
      const updated = events.events.find((e) => e.type === 'user.updated');
      expect(updated?.data).toMatchObject({ changed_fields: ['password'] });

      expect((await http(url, 'GET', '/auth/me', { token: signedIn })).status).toBe(200);
      expect((await http(url, 'POST', '/auth/login', { body: user.credentials })).status).toBe(401);
    } finally {
      await events.stop();
    }
  });

  it('refuses an expired link with 410, and a replaced one with 400', async () => {
    const user = await createUser();
    expect((await sendReset(user.id)).status).toBe(202);
    const first = await linkFor(user.email);
    await rm(first.file);
    expect((await sendReset(user.id)).status).toBe(202);
    const second = await linkFor(user.email);

    const replaced = await http(url, 'POST', '/auth/reset-password', {
      body: { token: first.token, new_password: 'Brand-new-pass1' },
    });
    expect(replaced.status).toBe(400);
    expect(replaced.body.detail).toMatch(/not valid/);

    await users().updateOne(
      { _id: new ObjectId(user.id) },
      { $set: { 'password_reset.expires_at': new Date(Date.now() - 1000) } },
    );
    const expired = await http(url, 'POST', '/auth/reset-password', {
      body: { token: second.token, new_password: 'Brand-new-pass1' },
    });
    expect(expired.status).toBe(410);
    expect(expired.body.detail).toMatch(/expired/);
    expect((await http(url, 'POST', '/auth/reset-password/check', { body: { token: second.token } })).status).toBe(410);
    // The password is the one it was.
    await login(url, user.credentials);
  });

  it('answers "forgot password" alike for an unknown e-mail and mails only an existing account', async () => {
    const user = await createUser();
    const unknown = `nobody.${Date.now()}@example.com`;
    const headers = { 'x-forwarded-for': '203.0.113.10' };
    const forUnknown = await http(url, 'POST', '/auth/forgot-password', { body: { email: unknown }, headers });
    const forUser = await http(url, 'POST', '/auth/forgot-password', {
      body: { email: user.email.toUpperCase() },
      headers,
    });
    expect(forUnknown).toMatchObject({ status: 202, body: { detail: PASSWORD_RESET_REQUESTED_DETAIL } });
    expect(forUser).toMatchObject({ status: 202, body: forUnknown.body });

    const link = await linkFor(user.email);
    expect(link.body).toMatch(/from the sign-in page/);
    expect((await outboxMails(outbox)).filter((m) => m.to === unknown)).toEqual([]);
    const done = await http(url, 'POST', '/auth/reset-password', {
      body: { token: link.token, new_password: 'Brand-new-pass1' },
    });
    expect(done.status).toBe(200);
  });

  it('limits reset e-mails per account and requests per address', async () => {
    const user = await createUser();
    for (let i = 0; i < 3; i++) expect((await sendReset(user.id)).status).toBe(202);
    const fourth = await sendReset(user.id);
    expect(fourth.status).toBe(429);
    expect(fourth.body.detail).toMatch(/Too many password reset e-mails asked for\. Try again in \d+ minutes?\./);
    // The public form says no more than usual, and sends nothing more.
    const mailsBefore = (await outboxMails(outbox)).filter((m) => m.to === user.email).length;
    const self = await http(url, 'POST', '/auth/forgot-password', {
      body: { email: user.email },
      headers: { 'x-forwarded-for': '203.0.113.20' },
    });
    expect(self).toMatchObject({ status: 202, body: { detail: PASSWORD_RESET_REQUESTED_DETAIL } });
    await sleep(300);
    expect((await outboxMails(outbox)).filter((m) => m.to === user.email)).toHaveLength(mailsBefore);

    const headers = { 'x-forwarded-for': '203.0.113.30' };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await http(url, 'POST', '/auth/forgot-password', { body: { email: `x${i}@example.com` }, headers });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 429]);
  });

  it('sends no link to a deactivated account, and refuses what is not a reset request', async () => {
    const user = await createUser();
    expect((await http(url, 'PATCH', `/users/${user.id}/toggle-status`, { token: admin })).status).toBe(200);
    const refused = await sendReset(user.id);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/deactivated/);
    expect((await sendReset('000000000000000000000000')).status).toBe(404);
    expect((await sendReset(user.id, await login(url, EMPLOYEE))).status).toBe(403);
    expect((await http(url, 'POST', `/settings/users/${user.id}/reset-password`)).status).toBe(401);

    const malformed = await http(url, 'POST', '/auth/reset-password', { body: { token: 'abc', new_password: 'x' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toMatch(/token must be the code from a password reset link/);
    const noBody = await http(url, 'POST', '/auth/reset-password/check');
    expect(noBody.status).toBe(400);
    const badEmail = await http(url, 'POST', '/auth/forgot-password', { body: { email: 'not-an-email' } });
    expect(badEmail.status).toBe(400);
  });
});
