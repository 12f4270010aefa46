import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import {
  connectionOwnerOnly,
  mayChangeConnection,
  SYNC_FREQUENCY,
  type ApiKeyConnectionDto,
  type ConfigureConnectionDto,
  type IntegrationConnection,
  type OAuthCallbackDto,
  type OAuthInitiateDto,
  type OAuthInitiation,
} from '@sixa/contracts';
import { createEvent } from '@sixa/kafka';
import { InjectConnection, isDuplicateKey, staleDetail, storeOfCollection, type ChangeResult } from '@sixa/mongo';
import { createLogger } from '@sixa/observability';
import type { Collection } from 'mongodb';
import { Types, type Connection } from 'mongoose';
import { createHash, randomBytes } from 'node:crypto';
import { IntegrationsConfigRef } from './config.provider';
import { IntegrationsError, IntegrationsErrorCode } from './integrations.errors';
import { PlatformsService } from './platforms.service';
import { ProviderRateLimited, ProviderRefused, ProviderUnavailable, type Credential, type TokenSet } from './provider';
import { ConnectionsRepository, toConnection } from './repositories';
import type { ConnectionDoc, CredentialDoc, OAuthStateDoc, PlatformDoc } from './store';

const STATE_TTL_MS = 10 * 60_000;
const last4 = (s: string) => s.slice(-4);
const invalid = (detail: string) => new IntegrationsError(IntegrationsErrorCode.InvalidConnection, detail);
const notFound = () => new IntegrationsError(IntegrationsErrorCode.ConnectionNotFound, 'No such connection');

/** The default field mappings: the product's lead fields from the provider's contact fields. */
export const DEFAULT_FIELD_MAPPINGS: Record<string, string> = {
  'contacts.name': '{{first_name}} {{last_name}}',
  'contacts.email': '{{email}}',
  'contacts.company': '{{company}}',
  'contacts.phone': '{{phone}}',
  'contacts.source': '{{lead_source}}',
  'contacts.notes': '{{title}}',
  'tasks.title': '{{subject}}',
  'tasks.description': '{{description}}',
  'tasks.priority': '{{priority}}',
  'tasks.due_date': '{{due_date}}',
  'tasks.assigned_to': '{{owner}}',
  'events.title': '{{subject}}',
  'events.description': '{{description}}',
  'events.start_time': '{{start}}',
  'events.end_time': '{{end}}',
  'events.location': '{{location}}',
};

/** Field mappings as stored: `contacts:name` (a stored key cannot hold a dot), `contacts.name` in the API. */
export const storedMappings = (m: Record<string, string>) =>
  Object.fromEntries(Object.entries(m).map(([k, v]) => [k.replace('.', ':'), v]));
export const apiMappings = (m: Record<string, string> | undefined) =>
  Object.fromEntries(Object.entries(m ?? {}).map(([k, v]) => [k.replace(':', '.'), v]));

/**
 * Connections (OAuth 2.0 authorization code with PKCE, or an API key checked with the provider):
 * secrets sealed (SecretBox) and never answered; tokens refreshed ahead of expiry; a refresh the
 * provider refuses marks the connection expired and tells monitoring (integration.connection_failed).
 */
@Injectable()
export class ConnectionsService implements OnModuleInit {
  private readonly states: Collection<OAuthStateDoc>;
  private readonly logger = createLogger('integrations:connections');

  constructor(
    @InjectConnection() connection: Connection,
    private readonly connections: ConnectionsRepository,
    private readonly platforms: PlatformsService,
    private readonly config: IntegrationsConfigRef,
  ) {
    this.states = connection.collection<OAuthStateDoc>('oauth_states');
  }

  async onModuleInit() {
    await storeOfCollection(this.states).expireAfter(this.states, 'expires_at', 3600);
  }

  private get box() {
    return this.config.box;
  }

  async list(): Promise<IntegrationConnection[]> {
    return (await this.connections.all()).map(toConnection);
  }

  async doc(id: string): Promise<ConnectionDoc> {
    const d = Types.ObjectId.isValid(id) ? await this.connections.doc(id) : null;
    if (!d) throw notFound();
    return d;
  }

  /**
   * The connection, for `actor` to change (configure, sync, disconnect): only the user who made it or
   * an admin may (403 otherwise, saying who may). Who made it never changes, so reading it first is safe.
   */
  async changeableDoc(actor: AuthUser, id: string): Promise<ConnectionDoc> {
    const d = await this.doc(id);
    if (!mayChangeConnection(actor, d))
      throw new IntegrationsError(
        IntegrationsErrorCode.NotConnectionOwner,
        connectionOwnerOnly({ user_name: d.user_name ?? null }),
      );
    return d;
  }

  private async notConnected(platformId: string) {
    const connected = await this.connections.all({ connected_platform: platformId });
    if (connected.length)
      throw new IntegrationsError(
        IntegrationsErrorCode.AlreadyConnected,
        `${connected[0].platform_name} is already connected (${connected[0].connection_name}); disconnect it first`,
      );
  }

  // ---- OAuth 2.0 ---------------------------------------------------------------------------------

  async initiate(actor: AuthUser, dto: OAuthInitiateDto): Promise<OAuthInitiation> {
    const platform = await this.platforms.doc(dto.platform_id);
    if (platform.auth_type !== 'oauth2' || !platform.authorize_url)
      throw invalid(`${platform.name} connects with an API key, not OAuth`);
    if (!this.config.value.oauthRedirectUris.includes(dto.redirect_uri))
      throw invalid(`redirect_uri ${dto.redirect_uri} is not one of the allowed redirect URIs (OAUTH_REDIRECT_URIS)`);
    await this.notConnected(platform._id);
    const state = randomBytes(32).toString('base64url');
    const verifier = randomBytes(32).toString('base64url');
    const expires_at = new Date(Date.now() + STATE_TTL_MS);
    await this.states.insertOne({
      _id: state,
      platform_id: platform._id,
      user_id: actor.id,
      connection_name: dto.connection_name.trim(),
      redirect_uri: dto.redirect_uri,
      sync_frequency: dto.sync_frequency ?? SYNC_FREQUENCY.default,
      verifier: this.box.seal(verifier, `state:${state}`),
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
    const now = new Date();
    const state = await storeOfCollection(this.states).write('oauth_states', dto.state, () =>
      this.states.findOneAndUpdate(
        { _id: dto.state, used_at: null, user_id: actor.id, platform_id: dto.platform_id, expires_at: { $gt: now } },
        { $set: { used_at: now } },
      ),
    );
    if (!state)
      throw invalid(
        'This sign-in link is unknown, already used, expired, or for another user or platform: start connecting again',
      );
    const platform = await this.platforms.doc(state.platform_id);
    const verifier = this.box.open(state.verifier, `state:${state._id}`);
    let tokens: TokenSet;
    try {
      tokens = await this.config.provider.exchangeCode(
        this.platforms.endpoints(platform),
        dto.code,
        state.redirect_uri,
        verifier,
      );
    } catch (e) {
      if (e instanceof ProviderRefused) throw invalid(`${platform.name} did not accept the sign-in: ${e.message}`);
      if (e instanceof ProviderUnavailable)
        throw new IntegrationsError(IntegrationsErrorCode.ProviderUnavailable, `${platform.name}: ${e.message}`);
      throw e;
    }
    return this.save(actor, platform, state.connection_name, state.sync_frequency, (id) => ({
      kind: 'oauth2',
      last4: last4(tokens.access_token),
      expires_at: tokens.expires_at,
      access: this.box.seal(tokens.access_token, `connection:${id}:access`),
      refresh: tokens.refresh_token ? this.box.seal(tokens.refresh_token, `connection:${id}:refresh`) : null,
      api_key: null,
    }));
  }

  async apiKey(actor: AuthUser, dto: ApiKeyConnectionDto): Promise<IntegrationConnection> {
    const platform = await this.platforms.doc(dto.platform_id);
    if (platform.auth_type !== 'api_key') throw invalid(`${platform.name} connects through OAuth, not with an API key`);
    await this.notConnected(platform._id);
    const key = dto.api_key.trim();
    try {
      await this.config.provider.whoAmI(this.platforms.endpoints(platform), { kind: 'api_key', key });
    } catch (e) {
      if (e instanceof ProviderRefused) throw invalid(`${platform.name} does not accept this API key`);
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
    return this.save(
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
        api_key: this.box.seal(key, `connection:${id}:api_key`),
      }),
    );
  }

  private async save(
    actor: AuthUser,
    platform: PlatformDoc,
    name: string,
    frequency: number,
    credential: (id: string) => CredentialDoc,
  ): Promise<IntegrationConnection> {
    const _id = new Types.ObjectId();
    const now = Date.now();
    try {
      return await this.connections.insert(
        {
          _id,
          platform_id: platform._id,
          platform_name: platform.name,
          connection_name: name,
          status: 'connected',
          status_detail: null,
          sync_direction: 'inbound',
          sync_frequency: frequency,
          field_mappings: storedMappings(DEFAULT_FIELD_MAPPINGS),
          user_id: actor.id,
          user_name: actor.name,
          next_sync_at: new Date(now + frequency * 60_000),
          synced_since: {},
          credential: credential(String(_id)),
          connected_platform: platform._id,
        },
        (c) => [createEvent('integrations', 'integration.connected', c.id, actor.id, { connection: c })],
      );
    } catch (e) {
      if (isDuplicateKey(e))
        throw new IntegrationsError(
          IntegrationsErrorCode.AlreadyConnected,
          `${platform.name} is already connected; disconnect it first`,
        );
      throw e;
    }
  }

  // ---- configure, disconnect -----------------------------------------------------------------------

  /**
   * Its own user or an admin only. `expectedRev`: the revision the editor read (If-Match); a
   * connection changed since is not written (409).
   */
  async configure(
    actor: AuthUser,
    id: string,
    dto: ConfigureConnectionDto,
    expectedRev?: number,
  ): Promise<IntegrationConnection> {
    const current = await this.changeableDoc(actor, id);
    if (dto.field_mappings) {
      for (const [k, v] of Object.entries(dto.field_mappings)) {
        if (
          !/^(contacts|accounts|opportunities|tasks|events)\.[a-z_]{1,40}$/.test(k) ||
          typeof v !== 'string' ||
          v.length > 200
        )
          throw invalid(
            `field_mappings: ${k} must be <data type>.<field> mapped to a template such as {{first_name}} (at most 200 characters)`,
          );
      }
    }
    const result = await this.connections.change(
      { _id: current._id },
      () => ({
        set: {
          ...(dto.connection_name !== undefined ? { connection_name: dto.connection_name.trim() } : {}),
          ...(dto.sync_direction !== undefined ? { sync_direction: dto.sync_direction } : {}),
          ...(dto.field_mappings !== undefined
            ? { field_mappings: storedMappings({ ...DEFAULT_FIELD_MAPPINGS, ...dto.field_mappings }) }
            : {}),
          ...(dto.sync_frequency !== undefined
            ? { sync_frequency: dto.sync_frequency, next_sync_at: new Date(Date.now() + dto.sync_frequency * 60_000) }
            : {}),
        },
      }),
      { expectedRev },
    );
    return this.outcome(result);
  }

  private outcome(result: ChangeResult<IntegrationConnection>): IntegrationConnection {
    if (result.status === 'changed' || result.status === 'unchanged') return result.value;
    if (result.status === 'missing') throw notFound();
    if (result.status === 'stale')
      throw new IntegrationsError(IntegrationsErrorCode.ConnectionChanged, staleDetail('connection', result.rev));
    throw new IntegrationsError(
      IntegrationsErrorCode.Busy,
      'This connection is being changed by someone else right now; try again',
    );
  }

  /** Revokes the tokens at the provider, forgets every secret, and leaves the connection disconnected. */
  async disconnect(actor: AuthUser, id: string): Promise<IntegrationConnection> {
    const current = await this.changeableDoc(actor, id);
    const platform = await this.platforms.doc(current.platform_id).catch(() => null);
    const cred = current.credential;
    if (platform && cred.kind === 'oauth2') {
      const endpoints = this.platforms.endpoints(platform);
      for (const [sealed, what] of [
        [cred.refresh, 'refresh'],
        [cred.access, 'access'],
      ] as const) {
        if (!sealed) continue;
        const ok = await this.config.provider.revoke(endpoints, this.box.open(sealed, `connection:${id}:${what}`));
        if (!ok) this.logger.warn({ connection: id, token: what }, 'the provider did not confirm the revocation');
      }
    }
    const result = await this.connections.change({ _id: current._id }, () => ({
      set: {
        status: 'disconnected',
        status_detail: null,
        next_sync_at: null,
        credential: {
          kind: cred.kind,
          last4: cred.last4,
          expires_at: null,
          access: null,
          refresh: null,
          api_key: null,
        },
      },
      events: (after) => [createEvent('integrations', 'integration.disconnected', id, actor.id, { connection: after })],
    }));
    const value = this.outcome(result);
    await this.connections.unsetConnected(id);
    return value;
  }

  // ---- credentials for syncs ----------------------------------------------------------------------

  /** The credential to call the provider with, refreshing an access token near its expiry. */
  async credential(c: ConnectionDoc, force = false): Promise<Credential> {
    const id = String(c._id);
    if (c.credential.kind === 'api_key') {
      if (!c.credential.api_key) throw new ProviderRefused('the connection has no API key');
      return { kind: 'api_key', key: this.box.open(c.credential.api_key, `connection:${id}:api_key`) };
    }
    const ahead = Date.now() + this.config.value.refreshAheadMs;
    if (
      !force &&
      c.credential.access &&
      (!c.credential.expires_at || new Date(c.credential.expires_at).getTime() > ahead)
    )
      return { kind: 'bearer', token: this.box.open(c.credential.access, `connection:${id}:access`) };
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
        this.box.open(c.credential.refresh, `connection:${id}:refresh`),
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
          credential: {
            kind: 'oauth2',
            last4: last4(tokens.access_token),
            expires_at: tokens.expires_at,
            access: this.box.seal(tokens.access_token, `connection:${id}:access`),
            refresh: this.box.seal(
              tokens.refresh_token ?? this.box.open(c.credential.refresh!, `connection:${id}:refresh`),
              `connection:${id}:refresh`,
            ),
            api_key: null,
          },
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
          audience: this.config.value.monitoringDb,
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
