import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import type { NotificationFrequency, SettingsUser, UpdatePreferencesDto, UserPreferences } from '@sixa/contracts';
import { AuthError, AuthErrorCode } from '../auth.errors';
import { userPreferencesUpdated } from '../users/users.events';
import { UsersRepository } from '../users/users.repository';

/**
 * The signed-in user's own choices, kept on their profile: the client's light or dark theme, and how
 * often they are e-mailed their notifications (which an admin may also set for them).
 */
@Injectable()
export class PreferencesService {
  constructor(private readonly users: UsersRepository) {}

  async get(actor: AuthUser): Promise<UserPreferences> {
    const preferences = await this.users.findPreferences(actor.id);
    if (!preferences) throw new AuthError(AuthErrorCode.UserNotFound, 'User not found');
    return preferences;
  }

  async update(actor: AuthUser, dto: UpdatePreferencesDto): Promise<UserPreferences> {
    return this.set(actor.id, actor.id, dto);
  }

  /** Sets the choices given for user `id`, by `actorId` (the user, or an admin). */
  async set(actorId: string, id: string, dto: UpdatePreferencesDto): Promise<UserPreferences> {
    // null as not given (@IsOptional() lets it through): a preference is always one of its values.
    const given = { theme: dto.theme ?? undefined, notification_frequency: dto.notification_frequency ?? undefined };
    if (given.theme === undefined && given.notification_frequency === undefined) {
      throw new AuthError(AuthErrorCode.NothingToChange, 'Choose a theme or a notification frequency (or both)');
    }
    const preferences = await this.users.setPreferences(id, given, (after, changed) =>
      userPreferencesUpdated(actorId, id, after, changed),
    );
    if (!preferences) throw new AuthError(AuthErrorCode.UserNotFound, 'User not found');
    return preferences;
  }

  /** PUT /settings/users/{id}/notification-frequency (admin): answers the settings user as it is now. */
  async setNotificationFrequency(actor: AuthUser, id: string, frequency: NotificationFrequency): Promise<SettingsUser> {
    await this.set(actor.id, id, { notification_frequency: frequency });
    const user = await this.users.findSettingsUser(id);
    if (!user) throw new AuthError(AuthErrorCode.UserNotFound, 'User not found');
    return user;
  }
}
