import { Injectable } from '@nestjs/common';
import type { EventEnvelope, Task } from '@sixa/contracts';
import { createLogger } from '@sixa/observability';
import { TeamDirectory } from '../team/team.directory';
import { digestId, isDigest, periodStart, type DigestFrequency } from './notification-periods';
import { NotificationMailer } from './notification-mailer';
import { NotificationRecipientsRepository, type Recipient } from './notification-recipients.repository';
import { NotificationsRepository, type NewNotification, type NotificationDoc } from './notifications.repository';

const logger = createLogger('work:notifications');

/** A mail claimed this long ago and not marked sent: its sender stopped; it is sent again (same key). */
const CLAIM_STALE_MS = 5 * 60_000;

/** The event types that concern someone: collected by the notifications consumer. */
export const NOTIFYING_EVENTS: ReadonlySet<string> = new Set([
  'task.created',
  'task.updated',
  'task.overdue',
  'calendar.reminder',
]);

const utc = (iso: string) => new Date(iso).toUTCString();

/**
 * E-mail notifications of what concerns each user: a task assigned to them, a task of theirs overdue,
 * a reminder of an event they attend. Collected in the database from work's own events (once per
 * event and user), then mailed as each user chose: at once, or one digest per hour, day or week,
 * sent once per period by a claim on the digest (user, frequency, boundary).
 */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly recipients: NotificationRecipientsRepository,
    private readonly notifications: NotificationsRepository,
    private readonly mailer: NotificationMailer,
    private readonly team: TeamDirectory,
  ) {}

  /** Idempotent: a redelivered event collects nothing new (and mails nothing again). */
  async collect(event: EventEnvelope, now = new Date()): Promise<void> {
    for (const { to, notification } of await this.notificationsOf(event)) {
      const doc = await this.notifications.collect(notification, now);
      if (!doc || to.frequency !== 'immediate') continue;
      // A failure leaves it pending: the delivery sweep sends it.
      await this.deliverOne(to, doc, now).catch((e: unknown) =>
        logger.warn({ err: e, notification: String(doc._id) }, 'a notification e-mail failed; the sweep retries it'),
      );
    }
  }

  private async notificationsOf(
    event: EventEnvelope,
  ): Promise<Array<{ to: Recipient; notification: NewNotification }>> {
    switch (event.type) {
      case 'task.created':
        return this.forAssignee(event, event.data.task, 'assigned');
      case 'task.updated': {
        const reassigned = event.data.changed_fields.some((f) => f === 'assignee_id' || f === 'assigned_to');
        return reassigned ? this.forAssignee(event, event.data.task, 'assigned') : [];
      }
      case 'task.overdue':
        return this.forAssignee(event, event.data.task, 'overdue');
      case 'calendar.reminder': {
        const { event: cal, occurrence_start, minutes_before } = event.data;
        const out: Array<{ to: Recipient; notification: NewNotification }> = [];
        for (const email of new Set(cal.attendees.map((a) => a.trim().toLowerCase()))) {
          const to = await this.recipients.byEmail(email);
          if (!to) continue;
          const text = [
            `"${cal.title}" starts ${utc(occurrence_start)} (in ${minutes_before} minutes).`,
            ...(cal.location ? [`Where: ${cal.location}`] : []),
          ].join('\n');
          out.push({
            to,
            notification: this.make(event, to, 'calendar_reminder', `Reminder: ${cal.title}`, text, '/calendar'),
          });
        }
        return out;
      }
      default:
        return [];
    }
  }

  private async forAssignee(event: EventEnvelope, task: Task, what: 'assigned' | 'overdue') {
    const member = task.assignee_id
      ? await this.team.byId(task.assignee_id)
      : task.assigned_to
        ? await this.team.byName(task.assigned_to)
        : null;
    const to = member?.email ? await this.recipients.byEmail(member.email) : null;
    // No user to mail, or the assignee assigned it to themselves.
    if (!to || (what === 'assigned' && to.id === event.actor)) return [];
    const due = task.due_date ? `Due: ${utc(task.due_date)}` : null;
    if (what === 'overdue') {
      const text = [`The task "${task.title}" is overdue.`, ...(due ? [due] : [])].join('\n');
      return [{ to, notification: this.make(event, to, 'task_overdue', `Overdue: ${task.title}`, text, '/tasks') }];
    }
    const by = (await this.recipients.byId(event.actor))?.name || 'Someone';
    const text = [
      `${by} assigned you the task "${task.title}".`,
      `Priority: ${task.priority}`,
      ...(due ? [due] : []),
    ].join('\n');
    return [
      {
        to,
        notification: this.make(event, to, 'task_assigned', `Task assigned to you: ${task.title}`, text, '/tasks'),
      },
    ];
  }

  private make(
    event: EventEnvelope,
    to: Recipient,
    kind: NewNotification['kind'],
    subject: string,
    text: string,
    path: string,
  ): NewNotification {
    return { key: `${event.id}:${to.id}`, user_id: to.id, email: to.email, kind, subject, text, path };
  }

  /** Mails one notification on its own, if no one else has taken it. */
  private async deliverOne(to: Recipient, n: NotificationDoc, now: Date): Promise<boolean> {
    const claimed = await this.notifications.claim(n._id, now);
    if (!claimed) return false;
    await this.mailer.sendOne(to, claimed);
    await this.notifications.markSent(claimed._id, new Date());
    return true;
  }

  /**
   * The delivery sweep (one replica at a time, see NotificationsDelivery), at `now`: each user's
   * pending notifications go as they chose now (a change of frequency takes effect here): one by one,
   * or in the digest of the period that ended last, claimed once per user, frequency and boundary.
   * Mails a stopped sender left half-done are sent again under the same keys.
   */
  async deliverDue(now = new Date()): Promise<{ mailed: number; digests: number }> {
    let mailed = 0;
    let digests = 0;
    await this.notifications.releaseStale(new Date(now.getTime() - CLAIM_STALE_MS));
    for (const stale of await this.notifications.staleDigests(new Date(now.getTime() - CLAIM_STALE_MS))) {
      if (await this.sendDigest(stale._id, stale.user_id, stale.frequency, now)) digests++;
    }
    for (const userId of await this.notifications.usersWithPending()) {
      try {
        const to = await this.recipients.byId(userId);
        // A deactivated user's notifications wait (mailed if they are activated again).
        if (!to?.active) continue;
        if (!isDigest(to.frequency)) {
          for (const n of await this.notifications.pendingFor(userId)) if (await this.deliverOne(to, n, now)) mailed++;
          continue;
        }
        const boundary = periodStart(to.frequency, now);
        const due = await this.notifications.pendingFor(userId, boundary);
        if (!due.length) continue;
        const id = digestId(userId, to.frequency, boundary);
        // Another replica (or an earlier turn) has this period's digest: what came later waits for the next.
        if (
          !(await this.notifications.claimDigest({ _id: id, user_id: userId, frequency: to.frequency, boundary }, now))
        )
          continue;
        await this.notifications.attach(
          id,
          due.map((n) => n._id),
        );
        if (await this.sendDigest(id, userId, to.frequency, now)) digests++;
      } catch (e) {
        logger.error({ err: e, user_id: userId }, "a user's notifications could not be mailed; the next sweep retries");
      }
    }
    return { mailed, digests };
  }

  private async sendDigest(id: string, userId: string, frequency: DigestFrequency, now: Date): Promise<boolean> {
    const to = await this.recipients.byId(userId);
    const items = await this.notifications.inDigest(id);
    if (to && items.length) await this.mailer.sendDigest(to, frequency, id, items);
    await this.notifications.markDigestSent(id, now);
    return Boolean(to && items.length);
  }
}
