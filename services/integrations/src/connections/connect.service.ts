import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import {
  SYNC_FREQUENCY,
  type ApiKeyConnectionDto,
  type IntegrationConnection,
  type OAuthCallbackDto,
  type OAuthInitiateDto,
  type OAuthInitiation,
} from '@sixa/contracts';
import { createHash, randomBytes } from 'node:crypto';
import { IntegrationsConfigRef } from '../config.provider';
import { IntegrationsError, IntegrationsErrorCode } from '../integrations.errors';
import { PlatformsService } from '../platforms/platforms.service';
import { ProviderRateLimited, ProviderRefused, ProviderUnavailable, type TokenSet } from '../provider';
import { ConnectionsService, invalidConnection } from './connections.service';
import { CredentialsService, last4 } from './credentials.service';
import { OAuthStatesRepository } from './oauth-states.repository';

const STATE_TTL_MS = 10 * 60_000;

/**
 * Making a connection: OAuth 2.0 authorization code with PKCE (a single-use state per attempt), or an
 * API key checked with the provider. The secrets are sealed before they are stored.
 */
@Injectable()
export class ConnectService {
  constructor(
    private readonly states: OAuthStatesRepository,
    private readonly connections: ConnectionsService,
    private readonly credentials: CredentialsService,
    private readonly platforms: PlatformsService,
    private readonly config: IntegrationsConfigRef,
  ) {}

  /** Starts an OAuth 2.0 sign-in: a single-use state and the provider's authorization URL (PKCE S256). */
  async initiate(actor: AuthUser, dto: OAuthInitiateDto): Promise<OAuthInitiation> {
    const platform = await this.platforms.doc(dto.platform_id);
    if (platform.auth_type !== 'oauth2' || !platform.authorize_url)
      throw invalidConnection(`${platform.name} connects with an API key, not OAuth`);
    if (!this.config.value.oauthRedirectUris.includes(dto.redirect_uri))
      throw invalidConnection(
        `redirect_uri ${dto.redirect_uri} is not one of the allowed redirect URIs (OAUTH_REDIRECT_URIS)`,
      );
    await this.connections.ensureNotConnected(platform._id);
    const state = randomBytes(32).toString('base64url');
    const verifier = randomBytes(32).toString('base64url');
    const expires_at = new Date(Date.now() + STATE_TTL_MS);
    await this.states.add({
      _id: state,
      platform_id: platform._id,
      user_id: actor.id,
      connection_name: dto.connection_name.trim(),
      redirect_uri: dto.redirect_uri,
      sync_frequency: dto.sync_frequency ?? SYNC_FREQUENCY.default,
      verifier: this.config.box.seal(verifier, `state:${state}`),
      used_at: null,
      expires_at,
    });
    const url = new URL(platform.authorize_url);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', platform.client_id ?? '');
    url.searchParams.set('redirect_uri', dto.redirect_uri);
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
    url.searchParams.set('code_challenge_method', 'S256');
    if (platform.scopes) url.searchParams.set('scope', platform.scopes);
    return { state, authorization_url: url.toString(), expires_at: expires_at.toISOString() };
  }

  async callback(actor: AuthUser, dto: OAuthCallbackDto): Promise<IntegrationConnection> {
    // Single use: the one conditional update that marks it used decides (a replay, another user, or
    // an expired state matches nothing).
    const state = await this.states.use(dto.state, actor.id, dto.platform_id);
    if (!state)
      throw invalidConnection(
        'This sign-in link is unknown, already used, expired, or for another user or platform: start connecting again',
      );
    const platform = await this.platforms.doc(state.platform_id);
    const verifier = this.config.box.open(state.verifier, `state:${state._id}`);
    let tokens: TokenSet;
    try {
      tokens = await this.config.provider.exchangeCode(
        this.platforms.endpoints(platform),
        dto.code,
        state.redirect_uri,
        verifier,
      );
    } catch (e) {
      if (e instanceof ProviderRefused)
        throw invalidConnection(`${platform.name} did not accept the sign-in: ${e.message}`);
      if (e instanceof ProviderUnavailable)
        throw new IntegrationsError(IntegrationsErrorCode.ProviderUnavailable, `${platform.name}: ${e.message}`);
      throw e;
    }
    return this.connections.add(actor, platform, state.connection_name, state.sync_frequency, (id) =>
      this.credentials.sealed(id, tokens, tokens.refresh_token),
    );
  }

  async apiKey(actor: AuthUser, dto: ApiKeyConnectionDto): Promise<IntegrationConnection> {
    const platform = await this.platforms.doc(dto.platform_id);
    if (platform.auth_type !== 'api_key')
      throw invalidConnection(`${platform.name} connects through OAuth, not with an API key`);
    await this.connections.ensureNotConnected(platform._id);
    const key = dto.api_key.trim();
    try {
      await this.config.provider.whoAmI(this.platforms.endpoints(platform), { kind: 'api_key', key });
    } catch (e) {
      if (e instanceof ProviderRefused) throw invalidConnection(`${platform.name} does not accept this API key`);
      if (e instanceof ProviderRateLimited)
        throw new IntegrationsError(
          IntegrationsErrorCode.ProviderBusy,
          `${platform.name} ${e.message}; try again then`,
          Math.ceil(e.retryAfterMs / 1000),
        );
      if (e instanceof ProviderUnavailable)
        throw new IntegrationsError(IntegrationsErrorCode.ProviderUnavailable, `${platform.name}: ${e.message}`);
      throw e;
    }
    return this.connections.add(
      actor,
      platform,
      dto.connection_name.trim(),
      dto.sync_frequency ?? SYNC_FREQUENCY.default,
      (id) => ({
        kind: 'api_key',
        last4: last4(key),
        expires_at: null,
        access: null,
        refresh: null,
        api_key: this.config.box.seal(key, `connection:${id}:api_key`),
      }),
    );
  }
}
