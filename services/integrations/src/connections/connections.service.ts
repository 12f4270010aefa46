import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import {
  connectionOwnerOnly,
  mayChangeConnection,
  type ConfigureConnectionDto,
  type IntegrationConnection,
} from '@sixa/contracts';
import { createEvent } from '@sixa/kafka';
import { isDuplicateKey, staleDetail, type ChangeResult } from '@sixa/mongo';
import { createLogger } from '@sixa/observability';
import { Types } from 'mongoose';
import { IntegrationsConfigRef } from '../config.provider';
import { IntegrationsError, IntegrationsErrorCode } from '../integrations.errors';
import type { PlatformDoc } from '../platforms/platform.store';
import { PlatformsService } from '../platforms/platforms.service';
import type { ConnectionDoc, CredentialDoc } from './connection.schema';
import { ConnectionsRepository, toConnection } from './connections.repository';
import { DEFAULT_FIELD_MAPPINGS, storedMappings } from './field-mappings';

export const invalidConnection = (detail: string) =>
  new IntegrationsError(IntegrationsErrorCode.InvalidConnection, detail);
export const connectionNotFound = () =>
  new IntegrationsError(IntegrationsErrorCode.ConnectionNotFound, 'No such connection');

/**
 * Connections as their users keep them: listed, configured (on the revision read), disconnected
 * (tokens revoked at the provider, secrets forgotten). Making one is ConnectService's; keeping its
 * credential fresh is CredentialsService's. Secrets are sealed (SecretBox) and never answered.
 */
@Injectable()
export class ConnectionsService {
  private readonly logger = createLogger('integrations:connections');

  constructor(
    private readonly connections: ConnectionsRepository,
    private readonly platforms: PlatformsService,
    private readonly config: IntegrationsConfigRef,
  ) {}

  async list(): Promise<IntegrationConnection[]> {
    return (await this.connections.all()).map(toConnection);
  }

  async doc(id: string): Promise<ConnectionDoc> {
    const d = Types.ObjectId.isValid(id) ? await this.connections.doc(id) : null;
    if (!d) throw connectionNotFound();
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

  /** Refuses a second connection to a platform connected already (409, naming the connection). */
  async ensureNotConnected(platformId: string): Promise<void> {
    const connected = await this.connections.all({ connected_platform: platformId });
    if (connected.length)
      throw new IntegrationsError(
        IntegrationsErrorCode.AlreadyConnected,
        `${connected[0].platform_name} is already connected (${connected[0].connection_name}); disconnect it first`,
      );
  }

  /** Saves a new connection (connected, with its sealed credential) and tells who listens. */
  async add(
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
          throw invalidConnection(
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
    if (result.status === 'missing') throw connectionNotFound();
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
        const ok = await this.config.provider.revoke(
          endpoints,
          this.config.box.open(sealed, `connection:${id}:${what}`),
        );
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
}
