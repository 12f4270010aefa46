import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@sixa/contracts';
import { OutboxRelay } from '@sixa/kafka';
import { CollectionRepository, InjectConnection, toOutboxEntry, type OutboxEntry } from '@sixa/mongo';
import type { Connection } from 'mongoose';

/** A session that has ended (signed out), kept until its token would have expired anyway. */
export interface EndedSessionDoc {
  /** The session id (the tokens' `sid` claim). */
  _id: string;
  user_id: string;
  ended_at: Date;
  /** The token's expiry: after it the record is of no use and is swept away. */
  expires_at: Date;
  reason: 'logout';
  outbox: OutboxEntry[];
}

/**
 * Ended sessions in auth's database: one document per session, written once (its id is the session
 * id, so ending it again finds it there) together with its `session.revoked` event (the outbox).
 */
@Injectable()
export class EndedSessionsRepository extends CollectionRepository<EndedSessionDoc> {
  constructor(@InjectConnection() connection: Connection, relay: OutboxRelay) {
    super(connection.collection<EndedSessionDoc>('ended_sessions'), {
      indexes: [
        // The sweep deletes by expiry.
        { expires_at: 1 },
      ],
      outbox: relay,
    });
  }

  /** Records the end of a session with its event; false when it had ended before (nothing written). */
  async end(
    session: Omit<EndedSessionDoc, 'outbox' | 'ended_at'>,
    event: (endedAt: Date) => EventEnvelope,
  ): Promise<boolean> {
    const ended_at = new Date();
    return this.insertOnce({ ...session, ended_at, outbox: [toOutboxEntry(event(ended_at))] });
  }

  async isEnded(sessionId: string): Promise<boolean> {
    return this.exists(sessionId);
  }

  /** Forgets sessions whose tokens expired before `before` and whose event is out. */
  async sweep(before: Date): Promise<number> {
    // Only documents no one writes to any more: their event has been published (the relay's last write).
    return this.deleteMatching({ expires_at: { $lt: before }, 'outbox.0': { $exists: false } });
  }
}
