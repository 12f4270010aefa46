import { Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthError, AuthErrorCode } from '../auth.errors';
import type { AuthUser } from '@sixa/auth';
import {
  PASSWORD_EXPIRED_DETAIL,
  SESSION_ENDED_DETAIL,
  type ChangeExpiredPasswordDto,
  type InitializeDefaultUsersResponse,
  type LoginDto,
  type LoginResponse,
  type User,
} from '@sixa/contracts';
import jwt from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import { AuthConfigRef } from '../config.provider';
import { SigningKeysService } from '../keys/signing-keys.service';
import { SessionsService } from '../sessions/sessions.service';
import { SessionLifetime } from '../settings/session-lifetime';
import { PasswordPolicy } from '../users/password-policy';
import { userUpdated } from '../users/users.events';
import { passwordFields, UsersRepository, type UserCredentials } from '../users/users.repository';
import { UsersService } from '../users/users.service';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { LoginThrottle } from './login-throttle';
import { PasswordHasher } from '../users/password-hasher';

const INVALID = 'Invalid email or password';

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly usersService: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly keys: SigningKeysService,
    private readonly config: AuthConfigRef,
    private readonly policy: PasswordPolicy,
    private readonly lifetime: SessionLifetime,
    private readonly sessions: SessionsService,
  ) {}

  async login(dto: LoginDto, ip: string): Promise<LoginResponse> {
    const found = await this.verifiedCredentials(dto.email, dto.password, ip);
    // Only someone who knows the password learns that it has expired; no token until it is changed.
    if (await this.policy.isExpired(found.password_set_at, found.password_policy_exempt)) {
      throw new AuthError(AuthErrorCode.PasswordExpired, PASSWORD_EXPIRED_DETAIL);
    }
    return this.signIn(found.user, found.sessions_revoked_at);
  }

  /**
   * POST /auth/change-expired-password: the current password proves who asks (throttled like a sign-in);
   * the new one must differ from it and meet the policy. Answers as a sign-in does.
   */
  async changeExpiredPassword(dto: ChangeExpiredPasswordDto, ip: string): Promise<LoginResponse> {
    const found = await this.verifiedCredentials(dto.email, dto.current_password, ip);
    if (!(await this.policy.isExpired(found.password_set_at, found.password_policy_exempt))) {
      throw new AuthError(AuthErrorCode.PasswordNotExpired, 'Your password has not expired: sign in with it');
    }
    if (dto.new_password === dto.current_password) {
      throw new AuthError(AuthErrorCode.PasswordUnchanged, 'new_password must differ from the current password');
    }
    await this.policy.check(dto.new_password);
    const before = found.user;
    const saved = await this.users.replacePassword(
      before.id,
      found.password_hash,
      passwordFields(await this.hasher.hash(dto.new_password), false),
      (after) => userUpdated(before.id, before, after, true),
    );
    // Changed by someone else in the meantime: the current password given is no longer the current one.
    if (!saved) throw new AuthError(AuthErrorCode.InvalidCredentials, INVALID);
    return this.signIn(saved, found.sessions_revoked_at);
  }

  /** The account whose password this is, active; a wrong one counts against the throttle. */
  private async verifiedCredentials(emailGiven: string, password: string, ip: string): Promise<UserCredentials> {
    const email = emailGiven.toLowerCase();
    await this.throttle.assertAllowed(email, ip);
    const found = await this.users.findCredentials(email);
    const ok = await this.hasher.verify(found?.password_hash ?? null, password);
    if (!found || !ok) {
      await this.throttle.recordFailure(email, ip);
      throw new AuthError(AuthErrorCode.InvalidCredentials, INVALID);
    }
    // Only someone who knows the password learns that the account is deactivated.
    if (!found.user.is_active)
      throw new AuthError(AuthErrorCode.AccountDeactivated, 'This account is deactivated. Contact an administrator.');
    await this.throttle.recordSuccess(email);
    return found;
  }

  /**
   * A token for `user`, lasting the session lifetime in force now (Settings › System, or the configured
   * default). Tokens are stamped to the second, and every session stamped no later than the moment all
   * of the user's sessions ended (a password reset) is refused: a sign-in within that same second
   * waits for the next one, so that its session is not refused along with the old ones.
   */
  private async signIn(found: User, sessionsRevokedAt: Date | null): Promise<LoginResponse> {
    if (sessionsRevokedAt) {
      const wait = (Math.floor(sessionsRevokedAt.getTime() / 1000) + 1) * 1000 - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const now = new Date();
    await this.users.touchLastLogin(found.id, now);
    const user = { ...found, last_login: now.toISOString() };
    const lifetime = await this.lifetime.seconds();
    return { access_token: this.sign(user, lifetime), token_type: 'bearer', expires_in: lifetime, user };
  }

  /** A new session's token: its `sid` names the session, which signing out ends (see SessionsService). */
  private sign(user: User, lifetimeSec: number): string {
    const { issuer, audience } = this.config.value;
    const claims = { role: user.role, name: user.name, email: user.email, sid: randomUUID() };
    return jwt.sign(claims, this.keys.signingKey, {
      algorithm: 'RS256',
      keyid: this.keys.kid,
      subject: user.id,
      issuer,
      audience,
      expiresIn: lifetimeSec,
      jwtid: randomUUID(),
    });
  }

  async me(actor: AuthUser): Promise<User> {
    return this.usersService.get(actor.id);
  }

  /**
   * The account check behind every token this service accepts, from its own records (no feed to
   * wait for): the user exists and is active, and the token's session has not ended (signed out, or
   * every session up to a password reset).
   */
  async currentAccount(actor: AuthUser): Promise<AuthUser | null> {
    const [account, ended] = await Promise.all([this.users.findAccount(actor.id), this.sessions.isEnded(actor.sid)]);
    if (!account || !account.user.is_active) return null;
    const { user, sessions_revoked_at } = account;
    if (ended || (sessions_revoked_at && actor.iat * 1000 <= sessions_revoked_at.getTime())) {
      throw new UnauthorizedException({ detail: SESSION_ENDED_DETAIL });
    }
    return { ...actor, role: user.role, name: user.name, email: user.email };
  }

  /** Demo mode only; creates whichever demo account is missing, so calling it again changes nothing. */
  async initializeDefaultUsers(): Promise<InitializeDefaultUsersResponse> {
    if (!this.config.value.demoMode) throw new AuthError(AuthErrorCode.DemoOnly, 'Not found');
    await this.users.markSystemPasswords(DEMO_ACCOUNTS.map((a) => a.email));
    let created = 0;
    for (const account of DEMO_ACCOUNTS) {
      if (await this.users.emailTaken(account.email)) continue;
      try {
        await this.usersService.create('system', account);
        created++;
      } catch (e) {
        // A concurrent call created it first.
        if ((e as { status?: number }).status !== 409) throw e;
      }
    }
    return { created, users: DEMO_ACCOUNTS.map(({ email, role }) => ({ email, role })) };
  }
}
