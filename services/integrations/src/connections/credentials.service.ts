import { Injectable } from '@nestjs/common';
import { createEvent } from '@sixa/kafka';
import { IntegrationsConfigRef } from '../config.provider';
import { PlatformsService } from '../platforms/platforms.service';
import { ProviderRefused, ProviderUnavailable, type Credential, type TokenSet } from '../provider';
import type { ConnectionDoc, CredentialDoc } from './connection.schema';
import { ConnectionsRepository } from './connections.repository';

/** What may be shown of a secret. */
export const last4 = (s: string) => s.slice(-4);

/**
 * The credentials syncs call providers with: tokens refreshed ahead of expiry (rotated, on the
 * revision read); a refresh the provider refuses marks the connection expired and tells monitoring
 * (integration.connection_failed).
 */
@Injectable()
export class CredentialsService {
  constructor(
    private readonly connections: ConnectionsRepository,
    private readonly platforms: PlatformsService,
    private readonly config: IntegrationsConfigRef,
  ) {}

  /** The credential kept of an OAuth token set (connection `id`): the tokens sealed, the last 4 characters shown. */
  sealed(id: string, tokens: TokenSet, refreshToken: string | null): CredentialDoc {
    return {
      kind: 'oauth2',
      last4: last4(tokens.access_token),
      expires_at: tokens.expires_at,
      access: this.config.box.seal(tokens.access_token, `connection:${id}:access`),
      refresh: refreshToken ? this.config.box.seal(refreshToken, `connection:${id}:refresh`) : null,
      api_key: null,
    };
  }

  /** The credential to call the provider with, refreshing an access token near its expiry. */
  async credential(c: ConnectionDoc, force = false): Promise<Credential> {
    const id = String(c._id);
    if (c.credential.kind === 'api_key') {
      if (!c.credential.api_key) throw new ProviderRefused('the connection has no API key');
      return { kind: 'api_key', key: this.config.box.open(c.credential.api_key, `connection:${id}:api_key`) };
    }
    const ahead = Date.now() + this.config.value.refreshAheadMs;
    if (
      !force &&
      c.credential.access &&
      (!c.credential.expires_at || new Date(c.credential.expires_at).getTime() > ahead)
    )
      return { kind: 'bearer', token: this.config.box.open(c.credential.access, `connection:${id}:access`) };
    const fresh = await this.refresh(c);
    return { kind: 'bearer', token: fresh };
  }

  /**
   * Refreshes the connection's tokens (rotation: both are replaced, conditionally on the revision
   * read, so two processes cannot both use the same refresh token and keep a dead one). A refusal
   * marks it expired and publishes integration.connection_failed; an outage leaves it as it is.
   */
  async refresh(c: ConnectionDoc): Promise<string> {
    const id = String(c._id);
    if (!c.credential.refresh) {
      await this.fail(c, 'expired', 'The access token expired and the provider gave no refresh token: connect again');
      throw new ProviderRefused('no refresh token');
    }
    const platform = await this.platforms.doc(c.platform_id);
    let tokens: TokenSet;
    try {
      tokens = await this.config.provider.refresh(
        this.platforms.endpoints(platform),
        this.config.box.open(c.credential.refresh, `connection:${id}:refresh`),
      );
    } catch (e) {
      if (e instanceof ProviderRefused)
        await this.fail(c, 'expired', `${platform.name} refused to refresh the sign-in (${e.message}): connect again`);
      throw e;
    }
    const result = await this.connections.change(
      { _id: c._id, status: 'connected' },
      () => ({
        set: {
          credential: this.sealed(
            id,
            tokens,
            tokens.refresh_token ?? this.config.box.open(c.credential.refresh!, `connection:${id}:refresh`),
          ),
        },
      }),
      { expectedRev: c.rev },
    );
    if (result.status !== 'changed')
      throw new ProviderUnavailable('the connection changed while its tokens were refreshed');
    return tokens.access_token;
  }

  /** Marks a connection expired or in error (once) and tells monitoring. */
  async fail(c: ConnectionDoc, status: 'expired' | 'error', detail: string): Promise<void> {
    const id = String(c._id);
    const result = await this.connections.change({ _id: c._id, status: 'connected' }, () => ({
      set: { status, status_detail: detail },
      events: (after) => [
        createEvent('integrations', 'integration.connection_failed', id, c.user_id, {
          connection: after,
          reason: detail,
        }),
      ],
    }));
    if (result.status === 'changed') await this.connections.unsetConnected(id);
  }

  /** Connections whose access token expires soon (the runner refreshes them ahead). */
  async dueForRefresh(): Promise<ConnectionDoc[]> {
    const soon = new Date(Date.now() + this.config.value.refreshAheadMs);
    return this.connections.all({
      status: 'connected',
      'credential.kind': 'oauth2',
      'credential.expires_at': { $lte: soon },
    });
  }
}
