import { Injectable } from '@nestjs/common';
import type { IntegrationConnection } from '@sixa/contracts';
import { OutboxRelay } from '@sixa/kafka';
import { BaseRepository, InjectConnection, idAndEtag } from '@sixa/mongo';
import type { Connection } from 'mongoose';
import { ConnectionSchema, type ConnectionDoc } from './connection.schema';
import { apiMappings } from './field-mappings';

export const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

export function toConnection(d: ConnectionDoc): IntegrationConnection {
  return {
    ...idAndEtag(d),
    platform_id: d.platform_id,
    platform_name: d.platform_name,
    connection_name: d.connection_name,
    status: d.status,
    status_detail: d.status_detail ?? null,
    sync_direction: d.sync_direction,
    sync_frequency: d.sync_frequency,
    field_mappings: apiMappings(d.field_mappings),
    user_id: d.user_id,
    user_name: d.user_name ?? null,
    total_syncs: d.total_syncs ?? 0,
    successful_syncs: d.successful_syncs ?? 0,
    failed_syncs: d.failed_syncs ?? 0,
    last_sync_at: iso(d.last_sync_at),
    next_sync_at: iso(d.next_sync_at),
    credential: { kind: d.credential.kind, last4: d.credential.last4, expires_at: iso(d.credential.expires_at) },
    created_at: iso(d.created_at)!,
    updated_at: iso(d.updated_at)!,
  };
}

@Injectable()
export class ConnectionsRepository extends BaseRepository<ConnectionDoc, IntegrationConnection> {
  constructor(@InjectConnection() connection: Connection, relay: OutboxRelay) {
    super(connection.model<ConnectionDoc>('IntegrationConnection', ConnectionSchema), { outbox: relay });
  }
  override map(doc: unknown): IntegrationConnection {
    return toConnection(doc as ConnectionDoc);
  }
  doc(id: string): Promise<ConnectionDoc | null> {
    return this.findDocById(id);
  }
  async all(filter: Record<string, unknown> = {}): Promise<ConnectionDoc[]> {
    return (await this.model.find(filter).sort({ created_at: -1 }).lean()) as ConnectionDoc[];
  }
  /** Moves a connection's next scheduled sync on, only from the time read (one process wins). */
  async advanceSchedule(id: ConnectionDoc['_id'], from: Date, to: Date): Promise<void> {
    await this.updateById(
      id,
      { $set: { next_sync_at: to, updated_at: new Date() } },
      { where: { next_sync_at: from } },
    );
  }

  /** A connection no longer connected frees its platform for another (the unique sparse index). */
  async unsetConnected(id: string): Promise<void> {
    await this.updateById(id, { $unset: { connected_platform: 1 } });
  }
  async counters(
    id: string,
    inc: Partial<Record<'total_syncs' | 'successful_syncs' | 'failed_syncs', number>>,
    set: Partial<ConnectionDoc> = {},
  ) {
    await this.updateById(id, { $inc: inc, $set: set });
  }
}
