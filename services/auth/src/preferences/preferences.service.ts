import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import type { UpdatePreferencesDto, UserPreferences } from '@sixa/contracts';
import { AuthError, AuthErrorCode } from '../auth.errors';
import { UsersRepository } from '../users/users.repository';

/** The signed-in user's own display choices (the client's light or dark theme), kept on their profile. */
@Injectable()
export class PreferencesService {
  constructor(private readonly users: UsersRepository) {}

  async get(actor: AuthUser): Promise<UserPreferences> {
    const preferences = await this.users.findPreferences(actor.id);
    if (!preferences) throw new AuthError(AuthErrorCode.UserNotFound, 'User not found');
    return preferences;
  }

  async update(actor: AuthUser, dto: UpdatePreferencesDto): Promise<UserPreferences> {
    const preferences = await this.users.setPreferences(actor.id, { theme: dto.theme });
    if (!preferences) throw new AuthError(AuthErrorCode.UserNotFound, 'User not found');
    return preferences;
  }
}
