import { Injectable } from '@nestjs/common';
import { AuthError, AuthErrorCode } from '../auth.errors';
import type { AuthUser } from '@sixa/auth';
import type { InitializeDefaultUsersResponse, LoginDto, LoginResponse, User } from '@sixa/contracts';
import jwt from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import { AuthConfigRef } from '../config.provider';
import { SigningKeysService } from '../keys/signing-keys.service';
import { UsersRepository } from '../users/users.repository';
import { UsersService } from '../users/users.service';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { LoginThrottle } from './login-throttle';
import { PasswordHasher } from './password-hasher';

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
  ) {}

  async login(dto: LoginDto, ip: string): Promise<LoginResponse> {
    const email = dto.email.toLowerCase();
    await this.throttle.assertAllowed(email, ip);
    const found = await this.users.findByEmailWithHash(email);
    const ok = await this.hasher.verify(found?.password_hash ?? null, dto.password);
    if (!found || !ok) {
      await this.throttle.recordFailure(email, ip);
      throw new AuthError(AuthErrorCode.InvalidCredentials, INVALID);
    }
    // Only someone who knows the password learns that the account is deactivated.
    if (!found.is_active)
      throw new AuthError(AuthErrorCode.AccountDeactivated, 'This account is deactivated. Contact an administrator.');
    await this.throttle.recordSuccess(email);
    const now = new Date();
    await this.users.touchLastLogin(found.id, now);
    const { password_hash: _omit, ...user } = { ...found, last_login: now.toISOString() };
    return {
      access_token: this.sign(user),
      token_type: 'bearer',
      expires_in: this.config.value.accessTokenTtlSec,
      user,
    };
  }

  private sign(user: User): string {
    const { issuer, audience, accessTokenTtlSec } = this.config.value;
    return jwt.sign({ role: user.role, name: user.name, email: user.email }, this.keys.signingKey, {
      algorithm: 'RS256',
      keyid: this.keys.kid,
      subject: user.id,
      issuer,
      audience,
      expiresIn: accessTokenTtlSec,
      jwtid: randomUUID(),
    });
  }

  async me(actor: AuthUser): Promise<User> {
    return this.usersService.get(actor.id);
  }

  /** The account check behind every token this service accepts: the user exists and is active. */
  async currentAccount(actor: AuthUser): Promise<AuthUser | null> {
    const user = await this.users.findById(actor.id);
    if (!user || !user.is_active) return null;
    return { ...actor, role: user.role, name: user.name, email: user.email };
  }

  /** Demo mode only; creates whichever demo account is missing, so calling it again changes nothing. */
  async initializeDefaultUsers(): Promise<InitializeDefaultUsersResponse> {
    if (!this.config.value.demoMode) throw new AuthError(AuthErrorCode.DemoOnly, 'Not found');
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
