import { Injectable } from '@nestjs/common';
import { AuthError, AuthErrorCode } from '../auth.errors';
import {
  SETTINGS_USER_DEFAULTS,
  type CreateSettingsUserDto,
  type CreateUserDto,
  type SettingsUser,
  type ToggleStatusResponse,
  type UpdateUserDto,
  type User,
} from '@sixa/contracts';
import type { AuthUser } from '@sixa/auth';
import { changedOr } from '@sixa/mongo';
import { PasswordHasher } from './password-hasher';
import { PasswordPolicy } from './password-policy';
import { passwordFields, UsersRepository } from './users.repository';
import { userCreated, userDeleted, userStatusChanged, userUpdated } from './users.events';

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly policy: PasswordPolicy,
  ) {}

  list(): Promise<User[]> {
    return this.users.list();
  }

  async get(id: string): Promise<User> {
    const user = await this.users.findById(id);
    if (!user) throw new AuthError(AuthErrorCode.UserNotFound, 'User not found');
    return user;
  }

  /** `profile`: the settings user's fields (POST /settings/users), already checked. */
  async create(
    actor: string,
    dto: CreateUserDto,
    profile: { username?: string; department?: string | null; timezone?: string; language?: string } = {},
  ): Promise<User> {
    // The demo accounts (actor `system`) have the spec's fixed passwords, whatever the policy says.
    const bySystem = actor === 'system';
    if (!bySystem) await this.policy.check(dto.password);
    if (await this.users.emailTaken(dto.email)) {
      throw new AuthError(AuthErrorCode.EmailTaken, `A user with the email ${dto.email.toLowerCase()} already exists`);
    }
    if (profile.username && (await this.users.usernameTaken(profile.username))) throw usernameTaken(profile.username);
    return this.users.create(
      {
        name: dto.name.trim(),
        email: dto.email.toLowerCase(),
        ...passwordFields(await this.hasher.hash(dto.password), bySystem),
        role: dto.role ?? 'employee',
        is_active: true,
        avatar: dto.avatar ?? null,
        ...profile,
      },
      (id, user) => userCreated(actor, { ...user, id }),
    );
  }

  listSettingsUsers(): Promise<SettingsUser[]> {
    return this.users.listSettingsUsers();
  }

  /** POST /settings/users: a user like POST /users makes, with the settings profile (timezone UTC, language en). */
  async createSettingsUser(actor: string, dto: CreateSettingsUserDto): Promise<SettingsUser> {
    const created = await this.create(
      actor,
      { name: dto.full_name, email: dto.email, password: dto.password, role: dto.role },
      {
        username: dto.username.toLowerCase(),
        department: dto.department?.trim() || null,
        timezone: canonicalTimezone(dto.timezone ?? SETTINGS_USER_DEFAULTS.timezone),
        language: canonicalLanguage(dto.language ?? SETTINGS_USER_DEFAULTS.language),
      },
    );
    const user = await this.users.findSettingsUser(created.id);
    if (!user) throw new AuthError(AuthErrorCode.UserNotFound, 'User not found');
    return user;
  }

  /**
   * An edit by an admin, applied to the revision they read when the request names it (If-Match: 409
   * if the user changed since, and nothing is written), else to the current one.
   */
  async update(actor: AuthUser, id: string, dto: UpdateUserDto, expectedRev?: number): Promise<User> {
    if (id === actor.id && dto.role !== undefined) {
      throw new AuthError(AuthErrorCode.OwnRoleChange, 'You cannot change your own role');
    }
    const current = await this.get(id);
    const password = dto.password?.trim() ? dto.password : undefined;
    if (password !== undefined) await this.policy.check(password);
    const email = dto.email.toLowerCase();
    if (email !== current.email && (await this.users.emailTaken(email, id))) {
      throw new AuthError(AuthErrorCode.EmailTaken, `A user with the email ${email} already exists`);
    }
    const passwordSet = password !== undefined ? passwordFields(await this.hasher.hash(password), false) : {};
    const result = await this.users.update(
      id,
      (before) => {
        const after: User = {
          ...before,
          name: dto.name.trim(),
          email,
          role: dto.role ?? before.role,
          avatar: dto.avatar ?? before.avatar,
        };
        const event = () => userUpdated(actor.id, before, after, password !== undefined);
        if (event().data.changed_fields.length === 0) return null;
        return {
          set: { name: after.name, email: after.email, role: after.role, avatar: after.avatar, ...passwordSet },
          events: () => [event()],
        };
      },
      expectedRev,
    );
    return changedOr(result, 'user', {
      missing: () => new AuthError(AuthErrorCode.UserNotFound, 'User not found'),
      stale: (detail) => new AuthError(AuthErrorCode.UserChanged, detail),
      busy: (detail) => new AuthError(AuthErrorCode.Busy, detail),
    });
  }

  async toggleStatus(actor: AuthUser, id: string): Promise<ToggleStatusResponse> {
    if (id === actor.id)
      throw new AuthError(AuthErrorCode.OwnAccountDeactivation, 'You cannot deactivate your own account');
    const saved = await this.users.toggleActive(id, (after) => [userStatusChanged(actor.id, after)]);
    if (!saved) throw new AuthError(AuthErrorCode.UserNotFound, 'User not found');
    return { id: saved.id, is_active: saved.is_active };
  }

  async remove(actor: AuthUser, id: string): Promise<void> {
    if (id === actor.id) throw new AuthError(AuthErrorCode.OwnAccountDeletion, 'You cannot delete your own account');
    const user = await this.get(id);
    // Spec part 2: admin users cannot be deleted (demote first, then delete).
    if (user.role === 'admin') throw new AuthError(AuthErrorCode.AdminDeletion, 'Admin users cannot be deleted');
    if (!(await this.users.softDelete(id, userDeleted(actor.id, user)))) {
      throw new AuthError(AuthErrorCode.UserNotFound, 'User not found');
    }
  }
}

function usernameTaken(username: string): AuthError {
  return new AuthError(AuthErrorCode.UsernameTaken, `The username ${username.toLowerCase()} is already taken`);
}

/** The IANA zone as Intl spells it ('utc' -> 'UTC'); 400 for one Intl does not know. */
export function canonicalTimezone(zone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw new AuthError(
      AuthErrorCode.UnknownTimezone,
      `timezone must be a known IANA time zone such as UTC or Europe/Paris (got ${zone})`,
    );
  }
}

/** The language tag in its canonical case ('pt-br' -> 'pt-BR'); the DTO has checked its shape. */
export function canonicalLanguage(tag: string): string {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? tag;
  } catch {
    return tag;
  }
}
