import { Injectable } from '@nestjs/common';
import { AuthError, AuthErrorCode } from '../auth.errors';
import {
  SETTINGS_USER_DEFAULTS,
  type CreateSettingsUserDto,
  type CreateUserDto,
  type NotificationFrequency,
  type SettingsUser,
  type ToggleStatusResponse,
  type UpdateUserDto,
  type User,
} from '@sixa/contracts';
import type { AuthUser } from '@sixa/auth';
import { PasswordHasher } from '../auth/password-hasher';
import { PreferencesService } from '../preferences/preferences.service';
import { PasswordPolicy } from './password-policy';
import { passwordFields, UsersRepository } from './users.repository';
import { userCreated, userDeleted, userStatusChanged, userUpdated } from './users.events';

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly policy: PasswordPolicy,
    private readonly preferences: PreferencesService,
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

  /** PUT /settings/users/{id}/notification-frequency (admin): answers the settings user as it is now. */
  async setNotificationFrequency(actor: AuthUser, id: string, frequency: NotificationFrequency): Promise<SettingsUser> {
    await this.preferences.set(actor.id, id, { notification_frequency: frequency });
    const user = await this.users.findSettingsUser(id);
    if (!user) throw new AuthError(AuthErrorCode.UserNotFound, 'User not found');
    return user;
  }

  async update(actor: AuthUser, id: string, dto: UpdateUserDto): Promise<User> {
    if (id === actor.id && dto.role !== undefined) {
      throw new AuthError(AuthErrorCode.OwnRoleChange, 'You cannot change your own role');
    }
    const before = await this.get(id);
    const password = dto.password?.trim() ? dto.password : undefined;
    if (password !== undefined) await this.policy.check(password);
    const email = dto.email.toLowerCase();
    if (email !== before.email && (await this.users.emailTaken(email, id))) {
      throw new AuthError(AuthErrorCode.EmailTaken, `A user with the email ${email} already exists`);
    }
    const after: User = {
      ...before,
      name: dto.name.trim(),
      email,
      role: dto.role ?? before.role,
      avatar: dto.avatar ?? before.avatar,
    };
    const event = () => userUpdated(actor.id, before, after, password !== undefined);
    if (event().data.changed_fields.length === 0) return before;
    const set = {
      name: after.name,
      email: after.email,
      role: after.role,
      avatar: after.avatar,
      ...(password !== undefined ? passwordFields(await this.hasher.hash(password), false) : {}),
    };
    const saved = await this.users.update(id, set, () => [event()]);
    if (!saved) throw new AuthError(AuthErrorCode.UserNotFound, 'User not found');
    return saved;
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
