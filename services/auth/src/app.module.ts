import { type DynamicModule, Module } from '@nestjs/common';
import { dlqTopic, TOPICS } from '@sixa/contracts';
import { ServiceModule, startService } from '@sixa/service';
import { AuthController } from './auth/auth.controller';
import { AuthService } from './auth/auth.service';
import { LoginAttemptsRepository } from './auth/login-attempts.repository';
import { LoginThrottle } from './auth/login-throttle';
import { PasswordHasher } from './users/password-hasher';
import type { AuthConfig } from './config';
import { AuthConfigRef } from './config.provider';
import { JwksController } from './keys/jwks.controller';
import { SigningKeysRepository } from './keys/signing-keys.repository';
import { SigningKeysService } from './keys/signing-keys.service';
import { PreferencesController } from './preferences/preferences.controller';
import { PreferencesService } from './preferences/preferences.service';
import { SettingsUsersController } from './users/settings-users.controller';
import { AdminPasswordResetController } from './password-reset/admin-password-reset.controller';
import { UserNotificationFrequencyController } from './preferences/user-notification-frequency.controller';
import { UsersController } from './users/users.controller';
import { UsersRepository } from './users/users.repository';
import { UsersService } from './users/users.service';
import { PasswordPolicy } from './users/password-policy';
import { PasswordPolicyRepository } from './users/password-policy.repository';
import { PasswordResetController } from './password-reset/password-reset.controller';
import { PasswordResetMailsRepository } from './password-reset/password-reset-mails.repository';
import { PasswordResetMailer } from './password-reset/password-reset.mailer';
import { PasswordResetService } from './password-reset/password-reset.service';
import { ResetRequestsRepository } from './password-reset/reset-requests.repository';
import { EndedSessionsRepository } from './sessions/ended-sessions.repository';
import { EndedSessionsSweep } from './sessions/ended-sessions.sweep';
import { SessionsService } from './sessions/sessions.service';
import { SessionLifetime } from './settings/session-lifetime';
import { SessionLifetimeRepository } from './settings/session-lifetime.repository';
import { SettingsFeed } from './settings/settings-feed';

/** The service's providers, in a module of their own so that AuthModule can use the key and account check. */
@Module({})
class AuthCoreModule {
  static register(): DynamicModule {
    const providers = [
      SigningKeysRepository,
      SigningKeysService,
      PasswordHasher,
      LoginAttemptsRepository,
      LoginThrottle,
      UsersRepository,
      UsersService,
      PasswordPolicyRepository,
      PasswordPolicy,
      SessionLifetimeRepository,
      SessionLifetime,
      SettingsFeed,
      EndedSessionsRepository,
      SessionsService,
      EndedSessionsSweep,
      PasswordResetMailsRepository,
      PasswordResetMailer,
      ResetRequestsRepository,
      PasswordResetService,
      AuthService,
      PreferencesService,
    ];
    return { module: AuthCoreModule, providers, exports: providers };
  }
}

/** Builds and starts the service; tests call it with their own configuration and port 0. */
export function startAuthService(config: AuthConfig) {
  const core = AuthCoreModule.register();
  const module = ServiceModule.register({
    service: 'auth',
    config: new AuthConfigRef(config),
    topics: [TOPICS.auth, dlqTopic(TOPICS.auth), TOPICS.settings],
    // Tokens are checked with the service's own keys and against its own records of the accounts.
    ownKeys: {
      imports: [core],
      keyResolver: { useFactory: (keys: SigningKeysService) => keys.resolve, inject: [SigningKeysService] },
      accountCheck: { useFactory: (auth: AuthService) => (u) => auth.currentAccount(u), inject: [AuthService] },
    },
    imports: [core],
    controllers: [
      AuthController,
      PasswordResetController,
      PreferencesController,
      UsersController,
      SettingsUsersController,
      AdminPasswordResetController,
      UserNotificationFrequencyController,
      JwksController,
    ],
  });
  return startService(module, {
    service: 'auth',
    config,
    description: 'Sign-in, the current user and user management',
  });
}
