import { Injectable } from '@nestjs/common';
import { CHAT_HISTORY_MAX, type ChatMessage, type ChatSession, type EventEnvelope } from '@sixa/contracts';
import { OutboxRelay } from '@sixa/kafka';
import { BaseRepository, InjectConnection, isDuplicateKey, toOutboxEntry } from '@sixa/mongo';
import type { Connection, QueryFilter, Types, UpdateQuery } from 'mongoose';
import {
  ChatSessionSchema,
  type ChatDraft,
  type ChatSessionDoc,
  type PendingAction,
  type StoredChatMessage,
} from './chat-session.schema';

/** What one exchange writes: the messages, the session's state after it, and the events it publishes. */
export interface ExchangeRecord {
  messages: StoredChatMessage[];
  /** Set to replace (null clears); undefined leaves as is. */
  pending?: PendingAction | null;
  draft?: ChatDraft | null;
  events?: EventEnvelope[];
}

function toMessage(m: StoredChatMessage): ChatMessage {
  return {
    id: m.id,
    type: m.type,
    content: m.content,
    timestamp: new Date(m.timestamp).toISOString(),
    ...(m.links?.length ? { links: m.links } : {}),
    ...(m.confirmation ? { confirmation: m.confirmation } : {}),
  };
}

/**
 * Conversations, one document per user and session. Every write is one single-document update (a
 * `$push` capped with `$slice`, the session's state and the outbox together): replicas share nothing
 * but the database.
 */
@Injectable()
export class ChatSessionsRepository extends BaseRepository<ChatSessionDoc, ChatSession> {
  constructor(@InjectConnection() connection: Connection, relay: OutboxRelay) {
    super(connection.model<ChatSessionDoc>('ChatSession', ChatSessionSchema), { outbox: relay });
  }

  toSession(doc: ChatSessionDoc): ChatSession {
    return {
      id: doc.session_id,
      user_id: doc.user_id,
      messages: (doc.messages ?? []).map(toMessage),
      created_at: new Date(doc.created_at).toISOString(),
      updated_at: new Date(doc.updated_at).toISOString(),
    };
  }

  find(userId: string, sessionId: string): Promise<ChatSessionDoc | null> {
    return this.model.findOne({ user_id: userId, session_id: sessionId }).lean() as Promise<ChatSessionDoc | null>;
  }

  /** The user's session, made now if it is new (two replicas making it at once: the loser reads the winner's). */
  async open(userId: string, sessionId: string): Promise<ChatSessionDoc> {
    const filter = { user_id: userId, session_id: sessionId };
    const existing = await this.find(userId, sessionId);
    if (existing) return existing;
    const now = new Date();
    try {
      const doc = await this.model
        .findOneAndUpdate(
          filter,
          {
            $setOnInsert: {
              ...filter,
              messages: [],
              pending: null,
              draft: null,
              rev: 0,
              outbox: [],
              created_at: now,
              updated_at: now,
            },
          },
          { upsert: true, returnDocument: 'after', timestamps: false },
        )
        .lean();
      if (doc) return doc as ChatSessionDoc;
    } catch (e) {
      if (!isDuplicateKey(e)) throw e;
    }
    const winner = await this.find(userId, sessionId);
    if (!winner) throw new Error('chat session vanished while being opened');
    return winner;
  }

  /** Appends an exchange (capped history), sets the session's state and queues its events, in one update. */
  async record(id: Types.ObjectId, exchange: ExchangeRecord): Promise<ChatSessionDoc | null> {
    const set: Record<string, unknown> = { updated_at: new Date() };
    if (exchange.pending !== undefined) set.pending = exchange.pending;
    if (exchange.draft !== undefined) set.draft = exchange.draft;
    const entries = (exchange.events ?? []).map(toOutboxEntry);
    const push: Record<string, unknown> = {
      messages: { $each: exchange.messages, $slice: -CHAT_HISTORY_MAX },
    };
    if (entries.length) push.outbox = { $each: entries };
    const update = { $set: set, $push: push, $inc: { rev: 1 } } as UpdateQuery<ChatSessionDoc>;
    const doc = await this.store.write(this.collectionName, id, async () => {
      const after = (await this.model
        .findOneAndUpdate({ _id: id } as QueryFilter<ChatSessionDoc>, update, {
          returnDocument: 'after',
          timestamps: false,
        })
        .lean()) as ChatSessionDoc | null;
      if (after) await this.store.trimArray(this.model.collection, id, 'messages', after.messages, CHAT_HISTORY_MAX);
      return after;
    });
    await this.written();
    if (entries.length) this.kick(id);
    return doc;
  }

  /**
   * Takes the pending action `actionId` out of the session: of two answers racing (two tabs, two
   * replicas), exactly one gets it and carries it out.
   */
  async claimPending(id: Types.ObjectId, actionId: string): Promise<PendingAction | null> {
    const before = (await this.store.write(this.collectionName, id, () =>
      this.model
        .findOneAndUpdate(
          { _id: id, 'pending.id': actionId } as QueryFilter<ChatSessionDoc>,
          { $set: { pending: null }, $inc: { rev: 1 } },
          { returnDocument: 'before', timestamps: false },
        )
        .lean(),
    )) as ChatSessionDoc | null;
    return before?.pending ?? null;
  }
}
