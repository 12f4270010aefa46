import { TOPICS, type EventEnvelope } from '@sixa/contracts';
import { readOutbox, type OutboxMail } from '@sixa/mail';
import { consumerGroupsStable, EventRecorder, http, infra, sleep, uniqueDbName } from '@sixa/testing';
import { MongoClient } from 'mongodb';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newUser } from '../../auth/test/factories';
import { startWorkService } from '../src/app.module';
import { periodStart } from '../src/notifications/notification-periods';
import { NotificationsConsumer } from '../src/notifications/notifications.consumer';
import { NotificationsService } from '../src/notifications/notifications.service';
import { login, startWork } from './factories';

const PUBLIC_URL = 'https://sixa.example.com';
const HOUR_MS = 3_600_000;

/**
 * E-mail notifications at each user's frequency, with the real auth service (users and their
 * choices), the work service (tasks, calendar, the notifications), Kafka and the store. The delivery
 * sweep does not run by itself here: the tests call it with the time they mean (the clock is its
 * argument), so a period's end needs no waiting.
 */
describe('notifications by e-mail', () => {
  let ctx: Awaited<ReturnType<typeof startWork>>;
  let mongo: MongoClient;
  const outbox = join(tmpdir(), uniqueDbName('work-notifications'));

  beforeAll(async () => {
    ctx = await startWork({ mailOutboxDir: outbox, publicUrl: PUBLIC_URL, notificationSweepMs: 24 * HOUR_MS });
    const groups = NotificationsConsumer.groupsOf(ctx.config.mongoDb);
    await consumerGroupsStable([groups.recipients, groups.collector]);
    mongo = await MongoClient.connect(infra().mongoUrl);
    // The recipients are read from the start of auth's topic, which the test runs on this Kafka share:
    // once a user made now is there, that history is behind it.
    const sentinel = await http(ctx.auth.url, 'POST', '/users', { token: ctx.admin, body: newUser() });
    await until(
      'the users known to work',
      () =>
        db()
          .collection('notification_recipients')
          .findOne({ _id: sentinel.body.id } as never),
      180_000,
    );
  }, 240_000);
  afterAll(async () => {
    await mongo?.close();
    await ctx?.stop();
    await rm(outbox, { recursive: true, force: true });
  });

  const db = () => mongo.db(ctx.config.mongoDb);
  const service = () => ctx.app.get(NotificationsService);
  const mailsTo = async (email: string) => (await readOutbox(outbox)).filter((m) => m.to === email);

  /** Waits for `probe` (collecting follows the shared Kafka, which other suites keep busy: a generous wait). */
  async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const found = await probe();
      if (found) return found;
      if (Date.now() > end) {
        const all = await db().collection('notifications').find().toArray();
        const seen = all.map((n) => `${n.email} "${n.subject}" ${n.status}`).join('; ');
        throw new Error(`waited ${ms} ms for ${what} (notifications: ${seen})`);
      }
      await sleep(100);
    }
  }

  const mailTo = (email: string, subject: string) =>
    until<OutboxMail>(`a mail "${subject}" to ${email}`, async () =>
      (await mailsTo(email)).find((m) => m.subject === subject),
    );

  /** A user who is also a team member (tasks are assigned to members), at `frequency`, known to work. */
  async function person(frequency?: string) {
    const body = newUser();
    const created = await http(ctx.auth.url, 'POST', '/users', { token: ctx.admin, body });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const token = await login(ctx.auth.url, { email: body.email, password: body.password });
    if (frequency) await setFrequency(token, id, frequency);
    await until('the user in the recipients', () =>
      db()
        .collection('notification_recipients')
        .findOne({ _id: id } as never),
    );
    const member = await http(ctx.url, 'POST', '/team', {
      token: ctx.admin,
      body: { name: body.name, email: body.email, role: 'Engineer', department: 'Engineering' },
    });
    expect(member.status).toBe(201);
    return { id, email: body.email.toLowerCase(), name: body.name, token, memberId: member.body.id as string };
  }

  async function setFrequency(token: string, id: string, frequency: string) {
    const put = await http(ctx.auth.url, 'PUT', '/auth/me/preferences', {
      token,
      body: { notification_frequency: frequency },
    });
    expect(put.status).toBe(200);
    await until(`frequency ${frequency}`, () =>
      db()
        .collection('notification_recipients')
        .findOne({ _id: id, frequency } as never),
    );
  }

  const assign = async (who: { memberId: string }, title: string, extra: Record<string, unknown> = {}) => {
    const res = await http(ctx.url, 'POST', '/tasks', {
      token: ctx.admin,
      body: { title, priority: 'high', assignee_id: who.memberId, ...extra },
    });
    expect(res.status).toBe(201);
    return res.body as { id: string };
  };

  const pendingOf = (userId: string) =>
    db().collection('notifications').find({ user_id: userId, status: 'pending' }).toArray();

  it('mails at once what concerns a user on "immediately", once, and nothing to people who are not users', async () => {
    const ada = await person();
    const events = await new EventRecorder(TOPICS.work, (e) => e.type === 'task.created').start();
    try {
      const task = await assign(ada, 'Prepare the offer');
      const mail = await mailTo(ada.email, 'Task assigned to you: Prepare the offer');
      expect(mail.body).toContain('Admin User assigned you the task "Prepare the offer".');
      expect(mail.body).toContain(`Open it: ${PUBLIC_URL}/tasks`);

      // The same event again (a redelivery): nothing collected, nothing mailed twice.
      const created = await events.waitFor((e) => e.subject === task.id);
      await service().collect(created as EventEnvelope);
      await service().deliverDue(new Date());
      expect((await mailsTo(ada.email)).filter((m) => m.subject === mail.subject)).toHaveLength(1);
    } finally {
      await events.stop();
    }

    // Overdue (a due date already past) and a calendar reminder for an event Ada attends, with a guest.
    await assign(ada, 'File the report', { due_date: new Date(Date.now() - HOUR_MS).toISOString() });
    await mailTo(ada.email, 'Overdue: File the report');
    const start = new Date(Date.now() + 1500);
    const event = await http(ctx.url, 'POST', '/calendar/events', {
      token: ctx.admin,
      body: {
        title: 'Kick-off',
        start_time: start.toISOString(),
        end_time: new Date(start.getTime() + HOUR_MS).toISOString(),
        location: 'Room 4',
        attendees: [ada.email.toUpperCase(), 'guest@external.example'],
        reminder_minutes: 0,
      },
    });
    expect(event.status).toBe(201);
    const reminder = await mailTo(ada.email, 'Reminder: Kick-off');
    expect(reminder.body).toContain('Where: Room 4');
    expect(await mailsTo('guest@external.example')).toEqual([]);
  });

  it('does not mail whoever assigns a task to themselves', async () => {
    const bob = await person();
    const res = await http(ctx.url, 'POST', '/tasks', {
      token: bob.token,
      body: { title: 'My own chore', assignee_id: bob.memberId },
    });
    expect(res.status).toBe(201);
    // Another task assigned by someone else arrives; the first never does.
    await assign(bob, 'From the admin');
    await mailTo(bob.email, 'Task assigned to you: From the admin');
    expect((await mailsTo(bob.email)).map((m) => m.subject)).toEqual(['Task assigned to you: From the admin']);
  });

  it('gathers a daily digest, sent once at the end of the day, even by two replicas at once', async () => {
    const cleo = await person('daily');
    await assign(cleo, 'Call the supplier');
    await assign(cleo, 'Book the venue');
    const pending = await until('two pending notifications', async () => {
      const found = await pendingOf(cleo.id);
      return found.length === 2 ? found : null;
    });
    const collectedAt = new Date(Math.max(...pending.map((n) => (n.created_at as Date).getTime())));

    // Within the day: nothing goes.
    expect(await service().deliverDue(collectedAt)).toEqual({ mailed: 0, digests: 0 });
    expect(await mailsTo(cleo.email)).toEqual([]);

    // The day has ended: one digest with both, whichever replica's sweep gets there.
    const replica = await startWorkService(ctx.config);
    try {
      const nextDay = new Date(periodStart('daily', collectedAt).getTime() + 24 * HOUR_MS + 60_000);
      const done = await Promise.all([
        service().deliverDue(nextDay),
        replica.app.get(NotificationsService).deliverDue(nextDay),
        service().deliverDue(nextDay),
      ]);
      expect(done.reduce((n, d) => n + d.digests, 0)).toBe(1);
    } finally {
      await replica.app.close();
      // Its consumers have left the groups: the next tests wait for this replica's groups to settle.
      const groups = NotificationsConsumer.groupsOf(ctx.config.mongoDb);
      await consumerGroupsStable([groups.recipients, groups.collector]);
    }
    const digests = await mailsTo(cleo.email);
    expect(digests.map((m) => m.subject)).toEqual(['Your daily digest: 2 notifications']);
    expect(digests[0].body).toContain('What concerned you in the last day:');
    expect(digests[0].body).toMatch(
      /Task assigned to you: Call the supplier[\s\S]*Task assigned to you: Book the venue/,
    );
    expect(await pendingOf(cleo.id)).toEqual([]);
  });

  it('takes a change of frequency into account from the next sweep', async () => {
    const dan = await person('weekly');
    await assign(dan, 'Review the budget');
    await until('a notification, pending', async () => (await pendingOf(dan.id)).length === 1);
    expect(await mailsTo(dan.email)).toEqual([]);

    // Weekly -> immediately: what waited goes now, on its own.
    await setFrequency(dan.token, dan.id, 'immediate');
    expect((await service().deliverDue(new Date())).mailed).toBeGreaterThanOrEqual(1);
    expect((await mailsTo(dan.email)).map((m) => m.subject)).toEqual(['Task assigned to you: Review the budget']);

    // Immediately -> hourly (by an admin, in Settings): the next one waits for the hour's digest.
    const byAdmin = await http(ctx.auth.url, 'PUT', `/settings/users/${dan.id}/notification-frequency`, {
      token: ctx.admin,
      body: { notification_frequency: 'hourly' },
    });
    expect(byAdmin.status).toBe(200);
    await until('hourly', () =>
      db()
        .collection('notification_recipients')
        .findOne({ _id: dan.id, frequency: 'hourly' } as never),
    );
    await assign(dan, 'Sign the contract');
    const [n] = await until('the new notification, pending', async () => {
      const found = await pendingOf(dan.id);
      return found.length === 1 ? found : null;
    });
    expect(await mailsTo(dan.email)).toHaveLength(1);
    const nextHour = new Date(periodStart('hourly', n.created_at as Date).getTime() + HOUR_MS);
    expect(await service().deliverDue(nextHour)).toMatchObject({ digests: 1 });
    expect((await mailsTo(dan.email)).map((m) => m.subject).sort()).toEqual([
      'Task assigned to you: Review the budget',
      'Your hourly digest: 1 notification',
    ]);
  });
});
