import { GoneException, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import {
  PASSWORD_RESET_REQUESTED_DETAIL,
  type PasswordResetDone,
  type PasswordResetLink,
  type PasswordResetSent,
  type User,
} from '@sixa/contracts';
import { createEvent } from '@sixa/kafka';
import { createLogger } from '@sixa/observability';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AuthError, AuthErrorCode } from '../auth.errors';
import { minutesFrom } from '../auth/fixed-windows.repository';
import { PasswordHasher } from '../users/password-hasher';
import { AuthConfigRef } from '../config.provider';
import type { PasswordResetDoc } from '../users/user.schema';
import { PasswordPolicy } from '../users/password-policy';
import { SOURCE, userUpdated } from '../users/users.events';
import { passwordFields, UsersRepository } from '../users/users.repository';
import { PasswordResetMailer, type ResetAskedBy } from './password-reset.mailer';
import { ResetRequestsRepository } from './reset-requests.repository';

const logger = createLogger('auth:password-reset');

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

const LINK_PROBLEMS = {
  unknown: 'This password reset link is not valid (a newer one may have replaced it). Ask for a new one.',
  used: 'This password reset link has already been used. Ask for a new one if you need to.',
  expired: 'This password reset link has expired. Ask for a new one.',
  deactivated: 'This account is deactivated. Contact an administrator.',
} as const;

/**
 * Password reset by e-mail link: an admin (Settings › User Management) or the user themselves (the
 * sign-in page's "Forgot password?") asks; the user gets a single-use link that expires, whose
 * secret is stored only as a hash on the user; using it sets a password under the policy and ends
 * every session issued until then (the user's `user.sessions_revoked` event, with the password
 * change, in the same single-document update).
 */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly users: UsersRepository,
    private readonly mailer: PasswordResetMailer,
    private readonly policy: PasswordPolicy,
    private readonly hasher: PasswordHasher,
    private readonly config: AuthConfigRef,
    private readonly windows: ResetRequestsRepository,
  ) {}

  /** POST /settings/users/{id}/reset-password (admin): mails the user a link; says where it went. */
  async sendByAdmin(actor: AuthUser, userId: string): Promise<PasswordResetSent> {
    const user = await this.users.findById(userId);
    if (!user) throw new AuthError(AuthErrorCode.UserNotFound, 'User not found');
    if (!user.is_active) {
      throw new AuthError(
        AuthErrorCode.AccountDeactivated,
        'This account is deactivated: activate it before resetting its password',
      );
    }
    await this.countForAccount(user.email, true);
    const expiresAt = await this.issue(user, actor.id, 'admin');
    if (!expiresAt) throw new AuthError(AuthErrorCode.UserNotFound, 'User not found');
    return {
      detail: `A password reset e-mail was sent to ${user.email}`,
      email: user.email,
      expires_at: expiresAt.toISOString(),
    };
  }

  /**
   * POST /auth/forgot-password (public): the same answer whether or not an account has this e-mail,
   * and as quickly: the mail goes out after the answer. Limited per client address and per e-mail.
   */
  async requestBySelf(emailGiven: string, ip: string): Promise<{ detail: string }> {
    const email = emailGiven.trim().toLowerCase();
    const { maxPerIp } = this.config.value.passwordReset;
    const fromIp = await this.windows.count(`ip:${ip}`);
    if (fromIp > maxPerIp) await this.refuse(`ip:${ip}`, maxPerIp);
    if (!(await this.countForAccount(email, false))) return { detail: PASSWORD_RESET_REQUESTED_DETAIL };
    void this.mailIfAccount(email);
    return { detail: PASSWORD_RESET_REQUESTED_DETAIL };
  }

  private async mailIfAccount(email: string): Promise<void> {
    try {
      const found = await this.users.findCredentials(email);
      if (found?.user.is_active) await this.issue(found.user, 'self', 'self');
    } catch (e) {
      logger.error({ err: e }, 'a password reset e-mail could not be sent');
    }
  }

  /**
   * Counts one reset e-mail for the account; over the limit: a 429 for an admin, and for the public
   * form no mail (false) and the usual answer, which says nothing of the account.
   */
  private async countForAccount(email: string, loud: boolean): Promise<boolean> {
    const { maxPerAccount } = this.config.value.passwordReset;
    const key = `account:${email.toLowerCase()}`;
    if ((await this.windows.count(key)) <= maxPerAccount) return true;
    if (loud) await this.refuse(key, maxPerAccount);
    return false;
  }

  private async refuse(key: string, limit: number): Promise<never> {
    const retryAfter = (await this.windows.retryAfter(key, limit)) ?? this.config.value.passwordReset.windowSec;
    throw new HttpException(
      {
        detail: `Too many password reset e-mails asked for. Try again in ${minutesFrom(retryAfter)}.`,
        retry_after: retryAfter,
      },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }

  /** A new link for `user` (replacing any earlier one), mailed; its expiry, or null if the account went meanwhile. */
  private async issue(user: User, requestedBy: string, askedBy: ResetAskedBy): Promise<Date | null> {
    const secret = randomBytes(32).toString('base64url');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + this.config.value.passwordReset.linkTtlMinutes * 60_000);
    const reset: PasswordResetDoc = {
      token_hash: hashOf(secret),
      requested_at: now,
      requested_by: requestedBy,
      expires_at: expiresAt,
      used_at: null,
    };
    if (!(await this.users.setPasswordReset(user.id, reset))) return null;
    await this.mailer.send(user, secret, expiresAt, askedBy, randomUUID());
    return expiresAt;
  }

  /** POST /auth/reset-password/check (public): whether the link works, and for whom. */
  async check(secret: string): Promise<PasswordResetLink> {
    const { user, reset } = await this.usableLink(secret);
    return { email: user.email, expires_at: reset.expires_at.toISOString() };
  }

  /** POST /auth/reset-password (public): sets the password (once per link) and ends every other session. */
  async complete(secret: string, newPassword: string): Promise<PasswordResetDone> {
    const { user: before } = await this.usableLink(secret);
    await this.policy.check(newPassword);
    const fields = passwordFields(await this.hasher.hash(newPassword), false);
    // One moment for the user's record and for the event every other process applies: sign-in waits
    // out the second it falls in (see AuthService.signIn), and both must agree on which second that is.
    const now = new Date();
    const sessionsRevoked = {
      ...createEvent(SOURCE, 'user.sessions_revoked', before.id, before.id, {
        user_id: before.id,
        reason: 'password_reset',
      }),
      time: now.toISOString(),
    };
    const saved = await this.users.completePasswordReset(hashOf(secret), now, fields, (after) => [
      userUpdated(before.id, before, after, true),
      sessionsRevoked,
    ]);
    if (!saved) {
      // Used, replaced or deactivated since it was read: this says which.
      await this.usableLink(secret);
      throw new AuthError(AuthErrorCode.ResetLinkInvalid, LINK_PROBLEMS.unknown);
    }
    return { detail: 'Your password has been changed. Sign in with it.', email: saved.email };
  }

  /** The link's account and state, if it can still be used; otherwise a 400 or 410 that says why. */
  private async usableLink(secret: string, now = new Date()) {
    const found = await this.users.findByPasswordReset(hashOf(secret));
    if (!found) throw new AuthError(AuthErrorCode.ResetLinkInvalid, LINK_PROBLEMS.unknown);
    if (found.reset.used_at) throw new GoneException({ detail: LINK_PROBLEMS.used });
    if (found.reset.expires_at.getTime() <= now.getTime()) throw new GoneException({ detail: LINK_PROBLEMS.expired });
    if (!found.user.is_active) throw new AuthError(AuthErrorCode.AccountDeactivated, LINK_PROBLEMS.deactivated);
    return found;
  }
}
