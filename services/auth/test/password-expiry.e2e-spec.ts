import { DEFAULT_SECURITY_RULES, TOPICS, type EventEnvelope, type SecurityRules } from '@sixa/contracts';
import { createEvent } from '@sixa/kafka';
import { http, infra, onBrokers, sleep, uniqueNamespace } from '@sixa/testing';
import { Kafka, logLevel, type Producer } from 'kafkajs';
import { MongoClient, ObjectId } from 'mongodb';
import { ADMIN, login, newUser, startAuth } from './factories';

const DAY_MS = 86_400_000;

/**
 * The settings service's events as it publishes them (settings.events.v1, in this test's namespace), so that
 * auth's side is shown on its own: the policy's expiry and the session lifetime take effect.
 */
describe('password expiry and session lifetime', () => {
  let auth: Awaited<ReturnType<typeof startAuth>>;
  let url: string;
  let admin: string;
  let producer: Producer;
  let mongo: MongoClient;

  beforeAll(async () => {
    auth = await startAuth();
    url = auth.url;
    admin = await login(url, ADMIN);
    producer = new Kafka({
      clientId: 'test-settings',
      brokers: infra().brokers,
      logLevel: logLevel.NOTHING,
    }).producer();
    await producer.connect();
    mongo = await MongoClient.connect(infra().mongoUrl);
  });
  afterAll(async () => {
    await producer?.disconnect();
    await mongo?.close();
    await auth?.app.close();
  });

  /** Published on this test's settings topic, or another deployment's (`namespace`) on the same Kafka. */
  const publish = (event: EventEnvelope, namespace = infra().namespace) =>
    producer.send({
      topic: onBrokers(TOPICS.settings, namespace),
      messages: [{ key: event.subject, value: JSON.stringify(event) }],
    });
  const setPolicy = (rules: Partial<SecurityRules>, rev: number) =>
    publish(
      createEvent('settings', 'settings.security_policy_updated', 'security', 'test', {
        policy: {
          rules: { ...DEFAULT_SECURITY_RULES, ...rules },
          updated_by: 'test',
          updated_at: new Date().toISOString(),
          rev,
        },
      }),
    );
  const setLifetime = (minutes: number, rev: number, namespace?: string) =>
    publish(
      createEvent('settings', 'settings.system_setting_updated', 'security.session_lifetime_minutes', 'test', {
        setting: {
          category: 'security',
          key: 'session_lifetime_minutes',
          value: minutes,
          data_type: 'number',
          description: '',
          updated_by: 'test',
          updated_at: new Date().toISOString(),
        },
        rev,
      }),
      namespace,
    );
  const users = () => mongo.db(auth.config.mongoDb).collection('users');
  /**
   * The test's own write to a user's document, as if it had been stored so. On the local default store
   * (FerretDB v1) an update is a read and a whole-document write back: auth's outbox clean-up of the
   * same document, still in flight on a loaded machine, could write back what it read before this
   * change. So: once auth's events for the document are out, then read back until it holds.
   */
  async function rewrite(
    email: string,
    update: Record<string, unknown>,
    holds: (doc: Record<string, unknown>) => boolean,
  ) {
    await until(
      () => users().findOne({ email }),
      (d) => !(d?.outbox as unknown[] | undefined)?.length,
    );
    for (let attempt = 0; attempt < 5; attempt++) {
      await users().updateOne({ email }, update);
      await sleep(200);
      const doc = await users().findOne({ email });
      if (doc && holds(doc)) return;
    }
    throw new Error(`the test's change to ${email} did not hold`);
  }
  const age = (email: string, days: number) => {
    const at = new Date(Date.now() - days * DAY_MS);
    return rewrite(
      email,
      { $set: { password_changed_at: at } },
      (d) => (d.password_changed_at as Date | undefined)?.getTime() === at.getTime(),
    );
  };
  const signIn = (email: string, password: string) => http(url, 'POST', '/auth/login', { body: { email, password } });
  const change = (body: Record<string, unknown>) => http(url, 'POST', '/auth/change-expired-password', { body });

  // Generous: a loaded CI machine (every suite sharing one Kafka and two cores) has held the feed back
  // for more than 10 s; the wait ends as soon as the change has taken effect.
  async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 45_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = await read();
      if (ok(v) || Date.now() > end) return v;
      await sleep(200);
    }
  }

  async function createUser() {
    const body = newUser();
    const res = await http(url, 'POST', '/users', { token: admin, body });
    expect(res.status).toBe(201);
    return { ...body, id: res.body.id as string };
  }

  it('asks for a new password once the password is older than the policy allows, and takes one that meets it', async () => {
    const user = await createUser();
    const stored = await users().findOne({ _id: new ObjectId(user.id) });
    expect(stored?.password_changed_at).toBeInstanceOf(Date);

    await setPolicy({ password_expiry_days: 30 }, 1);
    // A password set 31 days ago has expired; one set 29 days ago is still good.
    await age(user.email, 31);
    const expired = await until(
      () => signIn(user.email, user.password),
      (r) => r.status === 403,
    );
    expect(expired.status).toBe(403);
    expect(expired.body).toEqual({ code: 'PASSWORD_EXPIRED', detail: 'Your password has expired. Choose a new one.' });
    await age(user.email, 29);
    expect((await signIn(user.email, user.password)).status).toBe(200);
    await age(user.email, 31);

    // A wrong current password is a failed sign-in; the same password again, or a weak one, a 400.
    expect(
      (await change({ email: user.email, current_password: 'Wr0ng-pass', new_password: 'Brand-new-pass-1' })).status,
    ).toBe(401);
    const same = await change({ email: user.email, current_password: user.password, new_password: user.password });
    expect(same).toMatchObject({ status: 400, body: { detail: 'new_password must differ from the current password' } });
    await setPolicy({ password_expiry_days: 30, password_min_length: 12, password_require_numbers: true }, 2);
    const weak = await until(
      () => change({ email: user.email, current_password: user.password, new_password: 'only-letters' }),
      (r) => r.status === 400 && /a number/.test(r.body.detail),
    );
    expect(weak.status).toBe(400);
    expect(weak.body.detail).toBe('password must contain a number');
    const short = await change({ email: user.email, current_password: user.password, new_password: 'Sh0rt-one' });
    expect(short.body.detail).toBe('password must be at least 12 characters');

    const done = await change({
      email: user.email,
      current_password: user.password,
      new_password: 'A-long-new-pass-7',
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 3600,
      user: { id: user.id, email: user.email, last_login: expect.any(String) },
    });
    expect((await http(url, 'GET', '/auth/me', { token: done.body.access_token })).body.id).toBe(user.id);
    expect((await signIn(user.email, 'A-long-new-pass-7')).status).toBe(200);
    expect((await signIn(user.email, user.password)).status).toBe(401);
    // The password is new now: nothing to change any more.
    const again = await change({
      email: user.email,
      current_password: 'A-long-new-pass-7',
      new_password: 'Another-pass-88',
    });
    expect(again.status).toBe(409);
  });

  it('ages passwords of accounts from before the change date from their creation, and leaves the demo accounts alone', async () => {
    await setPolicy({ password_expiry_days: 10 }, 3);
    const user = await createUser();
    const created = new Date(Date.now() - 11 * DAY_MS);
    await rewrite(
      user.email,
      { $unset: { password_changed_at: '' }, $set: { created_at: created } },
      (d) => d.password_changed_at === undefined && (d.created_at as Date).getTime() === created.getTime(),
    );
    const res = await until(
      () => signIn(user.email, user.password),
      (r) => r.status === 403,
    );
    expect(res.body.code).toBe('PASSWORD_EXPIRED');

    // The demo accounts' fixed passwords are the system's: the policy neither governs nor expires them.
    await age(ADMIN.email, 400);
    expect((await signIn(ADMIN.email, ADMIN.password)).status).toBe(200);
  });

  it('never expires a password while the expiry is 0', async () => {
    await setPolicy({ password_expiry_days: 0 }, 4);
    const user = await createUser();
    await age(user.email, 3000);
    const res = await until(
      () => signIn(user.email, user.password),
      (r) => r.status === 200,
    );
    expect(res.status).toBe(200);
  });

  it('issues tokens for the session lifetime set in Settings, newest revision only, own deployment only', async () => {
    const lifetime = async () => {
      const res = await signIn(ADMIN.email, ADMIN.password);
      const { iat, exp } = JSON.parse(Buffer.from(res.body.access_token.split('.')[1], 'base64url').toString());
      return { expires_in: res.body.expires_in as number, claims: exp - iat };
    };
    expect(await lifetime()).toEqual({ expires_in: 3600, claims: 3600 });

    await setLifetime(15, 5);
    expect(await until(lifetime, (l) => l.expires_in === 900)).toEqual({ expires_in: 900, claims: 900 });
    // An older revision arriving late, and another deployment's setting, change nothing.
    await setLifetime(120, 4);
    await setLifetime(240, 9, uniqueNamespace());
    await setLifetime(20, 6);
    expect(await until(lifetime, (l) => l.expires_in === 1200)).toEqual({ expires_in: 1200, claims: 1200 });
    await sleep(500);
    expect((await lifetime()).expires_in).toBe(1200);
  });
});
