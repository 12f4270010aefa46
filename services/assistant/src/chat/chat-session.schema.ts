import type { AssistantTool, ChatLink } from '@sixa/contracts';
import type { OutboxEntry } from '@sixa/mongo';
import { Schema, type Types } from 'mongoose';
import type { MeetingParams } from './intent-parser';

export interface StoredChatMessage {
  id: string;
  type: 'user' | 'ai';
  content: string;
  timestamp: Date;
  links?: ChatLink[];
  confirmation?: { id: string; summary: string } | null;
}

/** One call of the workspace's API that a confirmed action makes. */
export interface ApiCall {
  method: 'POST' | 'PUT';
  path: string;
  body: Record<string, unknown>;
  /** Add a fresh temporary password as `password` when the call is made (never stored). */
  generatePassword?: boolean;
}

/** A change awaiting the user's Yes / No: what to call, and what to say once done. */
export interface PendingAction {
  id: string;
  tool: AssistantTool;
  summary: string;
  calls: ApiCall[];
  expires_at: Date;
}

/**
 * A request the assistant is still completing with the user, by the tool it is for (today only a
 * meeting without a time or attendee yet).
 */
export type ChatDraft = { tool: 'schedule_meeting'; params: MeetingParams; expires_at: Date };

export interface ChatSessionDoc {
  _id: Types.ObjectId;
  session_id: string;
  user_id: string;
  messages: StoredChatMessage[];
  pending: PendingAction | null;
  draft: ChatDraft | null;
  created_at: Date;
  updated_at: Date;
  rev: number;
  outbox: OutboxEntry[];
}

const MessageSchema = new Schema<StoredChatMessage>(
  {
    id: String,
    type: { type: String, enum: ['user', 'ai'] },
    content: String,
    timestamp: Date,
    links: { type: [{ _id: false, label: String, href: String }], default: undefined },
    confirmation: { type: { _id: false, id: String, summary: String }, default: undefined },
  },
  { _id: false },
);

export const ChatSessionSchema = new Schema<ChatSessionDoc>(
  {
    session_id: { type: String, required: true },
    user_id: { type: String, required: true },
    messages: { type: [MessageSchema], default: [] },
    pending: { type: Schema.Types.Mixed, default: null },
    draft: { type: Schema.Types.Mixed, default: null },
    rev: { type: Number, default: 0 },
    outbox: { type: [{ _id: false, id: String, topic: String, key: String, value: String }], default: [] },
  },
  {
    collection: 'chat_sessions',
    timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' },
    versionKey: false,
    minimize: false,
  },
);

// Every request finds its conversation by the signed-in user and the client's session id; one each.
ChatSessionSchema.index({ user_id: 1, session_id: 1 }, { unique: true });
