import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@sixa/contracts';
import { AuthConfigRef } from '../config.provider';
import { SessionLifetimeRepository } from './session-lifetime.repository';

/**
 * The session lifetime set in Settings › System (security.session_lifetime_minutes), kept in auth's
 * own database at the highest revision seen: the lifetime (`expires_in`) of every token issued from
 * then on, by any replica. Until one is set: ACCESS_TOKEN_TTL_SECONDS.
 */
@Injectable()
export class SessionLifetime {
  constructor(
    private readonly settings: SessionLifetimeRepository,
    private readonly config: AuthConfigRef,
  ) {}

  /** Idempotent: an older or repeated revision changes nothing. */
  async handle(event: EventEnvelope): Promise<void> {
    if (event.type !== 'settings.system_setting_updated') return;
    const { setting, rev } = event.data;
    if (setting.category !== 'security' || setting.key !== 'session_lifetime_minutes') return;
    const minutes = Number(setting.value);
    // The settings service checks the bounds (5..1440); a value that is no whole number of minutes is not ours to guess at.
    if (!Number.isInteger(minutes) || minutes <= 0) return;
    await this.settings.keep(rev, minutes);
  }

  /** Seconds a token issued now lasts. */
  async seconds(): Promise<number> {
    const minutes = await this.settings.minutes();
    return minutes !== null ? minutes * 60 : this.config.value.accessTokenTtlSec;
  }
}
