import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import {
  ASSISTANT_TOOLS,
  CHAT_CONFIRMATION_TTL_MS,
  type AssistantActionData,
  type ChatReply,
  type ChatSession,
  type ChatStatus,
  type EventEnvelope,
} from '@sixa/contracts';
import { createLogger, HealthRegistry } from '@sixa/observability';
import { randomUUID } from 'node:crypto';
import { AssistantConfigRef } from '../config.provider';
import { isTimeZone } from './chat-dates';
import { AiSettingsFollower } from './ai-settings';
import { answerWithModel, toolDisabledText, toolEnabled } from './chat-model';
import type { ChatSessionDoc, PendingAction, StoredChatMessage } from './chat-session.schema';
import { ChatSessionsRepository, type ExchangeRecord } from './chat-sessions.repository';
import { AssistantError, AssistantErrorCode } from '../assistant.errors';
import { actionCompleted, actionFailed } from './chat.events';
import type { ChatMessageDto } from './dto/chat-message.dto';
import { parseIntent, type MeetingParams } from './intent-parser';
import { LlmUnavailable } from './llm-client';
import { execute } from './tools/confirmed-change';
import type { ToolContext, ToolOutcome } from './tools/tool-context';
import { runIntent } from './tools/tool-catalogue';
import { WorkspaceApi } from './workspace-api';

/** The spec's chat failure sentence (error catalogue): said, with a 200, when nothing better can be. */
export const CHAT_FAILURE = 'I apologize, but I encountered an error. Please try again.';

const message = (type: 'user' | 'ai', content: string, extra: Partial<StoredChatMessage> = {}): StoredChatMessage => ({
  id: randomUUID(),
  type,
  content,
  timestamp: new Date(),
  ...extra,
});

@Injectable()
export class ChatService {
  private readonly logger = createLogger('assistant:chat');

  constructor(
    private readonly sessions: ChatSessionsRepository,
    private readonly config: AssistantConfigRef,
    private readonly health: HealthRegistry,
    private readonly ai: AiSettingsFollower,
  ) {}

  async status(): Promise<ChatStatus> {
    const checks = await this.health.run();
    const failing = Object.entries(checks).filter(([, v]) => v !== 'ok');
    if (failing.length)
      throw new AssistantError(
        AssistantErrorCode.ChatUnavailable,
        `The assistant cannot answer now: ${failing.map(([k, v]) => `${k}: ${v}`).join('; ')}`,
      );
    const { llmApiUrl, llmApiKey, llmModel } = this.config.value;
    const model = llmApiUrl && llmApiKey && llmModel ? llmModel : null;
    return { status: 'online', answering_with: model ? 'model' : 'parser', model };
  }

  async session(user: AuthUser, sessionId: string): Promise<ChatSession> {
    const doc = await this.sessions.find(user.id, sessionId);
    if (!doc) throw new AssistantError(AssistantErrorCode.ChatSessionNotFound, 'Chat session not found');
    return this.sessions.toSession(doc);
  }

  /**
   * One message of the user's conversation: an answer to a pending confirmation, or a request read
   * by the model (when configured and answering) or the intent parser. The user's own token goes
   * with every call of the API, so the assistant can do only what the user may.
   */
  async message(user: AuthUser, authorization: string | undefined, dto: ChatMessageDto): Promise<ChatReply> {
    const text = dto.message.trim();
    if (!text) throw new AssistantError(AssistantErrorCode.ChatInvalidMessage, 'message must not be empty');
    if (dto.time_zone && !isTimeZone(dto.time_zone))
      throw new AssistantError(
        AssistantErrorCode.ChatInvalidTimeZone,
        `time_zone "${dto.time_zone}" is not an IANA time zone (e.g. Europe/Berlin)`,
      );
    if (!authorization?.startsWith('Bearer '))
      throw new AssistantError(AssistantErrorCode.ChatNotSignedIn, 'Not signed in');

    const cfg = this.config.value;
    const session = await this.sessions.open(user.id, dto.session_id);
    const api = new WorkspaceApi(cfg.apiBaseUrl, authorization, cfg.apiTimeoutMs);
    const ctx: ToolContext = {
      api,
      zone: dto.time_zone ?? (await preferredZone(api)),
      now: new Date(),
      user: { id: user.id, name: user.name, role: user.role },
    };
    const asked = message('user', text);
    try {
      const intent = parseIntent(text, {
        zone: ctx.zone,
        now: ctx.now,
        draftMeeting: draftMeetingOf(session, ctx.now),
      });
      const answer = dto.confirm?.answer ?? (intent.kind === 'confirm' ? intent.answer : null);
      if (answer) return await this.answerConfirmation(session, ctx, asked, answer, dto.confirm?.id);

      const outcome = await this.think(session, ctx, text, intent);
      return await this.reply(session, asked, outcome, ctx);
    } catch (e) {
      this.logger.error({ err: e, session: dto.session_id }, 'chat message failed');
      await this.sessions
        .record(session._id, { messages: [asked, message('ai', CHAT_FAILURE)] })
        .catch(() => undefined);
      return { response: CHAT_FAILURE };
    }
  }

  /** The model when one is configured (falling back to the parser when it fails), else the parser. */
  private async think(session: ChatSessionDoc, ctx: ToolContext, text: string, intent: ReturnType<typeof parseIntent>) {
    const cfg = this.config.value;
    const ai = await this.ai.current();
    if (cfg.llmApiUrl && cfg.llmApiKey && cfg.llmModel) {
      try {
        return await answerWithModel(
          {
            url: cfg.llmApiUrl,
            apiKey: cfg.llmApiKey,
            // 'default': the deployment's LLM_MODEL; else the model named in Settings › AI Configuration.
            model: ai.model.model === 'default' ? cfg.llmModel : ai.model.model,
            timeoutMs: cfg.llmTimeoutMs,
            temperature: ai.model.temperature,
          },
          ctx,
          session.messages ?? [],
          text,
          ai,
        );
      } catch (e) {
        if (!(e instanceof LlmUnavailable)) throw e;
        this.logger.warn({ reason: e.message }, 'model unavailable; the intent parser answers');
      }
    }
    if (intent.kind === 'confirm') return { text: "There's nothing waiting for your confirmation right now." };
    if ((ASSISTANT_TOOLS as readonly string[]).includes(intent.kind) && !toolEnabled(ai, intent.kind))
      return { text: toolDisabledText(intent.kind) };
    return runIntent(intent, ctx, text);
  }

  /** Says the outcome; a proposed change becomes the session's pending action (with its id and expiry). */
  private async reply(
    session: ChatSessionDoc,
    asked: StoredChatMessage,
    outcome: ToolOutcome,
    ctx: ToolContext,
  ): Promise<ChatReply> {
    const record: ExchangeRecord = { messages: [asked], pending: null };
    record.draft = outcome.draftMeeting
      ? {
          tool: 'schedule_meeting',
          params: { ...outcome.draftMeeting },
          expires_at: new Date(ctx.now.getTime() + CHAT_CONFIRMATION_TTL_MS),
        }
      : null;
    let confirmation: { id: string; summary: string } | null = null;
    if (outcome.proposal) {
      const pending: PendingAction = {
        id: randomUUID(),
        tool: outcome.proposal.tool,
        summary: outcome.proposal.summary,
        calls: outcome.proposal.calls,
        expires_at: new Date(ctx.now.getTime() + CHAT_CONFIRMATION_TTL_MS),
      };
      record.pending = pending;
      confirmation = { id: pending.id, summary: pending.summary };
    }
    const links = outcome.links?.length ? outcome.links : undefined;
    record.messages.push(
      message('ai', outcome.text, { ...(links ? { links } : {}), ...(confirmation ? { confirmation } : {}) }),
    );
    await this.sessions.record(session._id, record);
    return { response: outcome.text, ...(links ? { links } : {}), ...(confirmation ? { confirmation } : {}) };
  }

  /**
   * Yes or No to the pending change. The pending action is taken out of the session by one atomic
   * update, so a double click or two replicas carry it out once. Once done, its outcome is published
   * (outbox, in the same update as the answer) under the action's id.
   */
  private async answerConfirmation(
    session: ChatSessionDoc,
    ctx: ToolContext,
    asked: StoredChatMessage,
    answer: 'yes' | 'no',
    id: string | undefined,
  ): Promise<ChatReply> {
    const say = async (
      text: string,
      extra: Partial<ExchangeRecord> = {},
      links?: ChatReply['links'],
      stored?: string,
    ) => {
      await this.sessions.record(session._id, {
        ...extra,
        messages: [asked, message('ai', stored ?? text, links?.length ? { links } : {})],
      });
      return { response: text, ...(links?.length ? { links } : {}) };
    };
    const pendingId = id ?? session.pending?.id;
    if (!pendingId) return say("There's nothing waiting for your confirmation right now. What would you like to do?");
    const pending = await this.sessions.claimPending(session._id, pendingId);
    if (!pending) return say('That request was already answered or replaced. Ask me again if you still want it.');
    if (new Date(pending.expires_at).getTime() < ctx.now.getTime())
      return say('That request has expired, so I did nothing. Ask me again if you still want it.');
    if (answer === 'no') return say("OK, I've cancelled that; nothing was changed. What else can I do for you?");

    const done = await execute(ctx, pending.tool, pending.calls);
    const data: AssistantActionData = {
      action_id: pending.id,
      tool: pending.tool,
      user_id: ctx.user.id,
      session_id: session.session_id,
      summary: done.ok ? done.storedText : pending.summary,
      link: done.links[0]?.href ?? null,
      ...(done.ok ? {} : { error: done.error }),
    };
    const events: EventEnvelope[] = [done.ok ? actionCompleted(ctx.user.id, data) : actionFailed(ctx.user.id, data)];
    return say(done.text, { events }, done.links, done.storedText);
  }
}

/** The user's time zone preference when the API has one (`time_zone` in their preferences), else UTC. */
async function preferredZone(api: WorkspaceApi): Promise<string> {
  try {
    const prefs = (await api.get<{ time_zone?: unknown }>('/auth/me/preferences')).body;
    return typeof prefs?.time_zone === 'string' && isTimeZone(prefs.time_zone) ? prefs.time_zone : 'UTC';
  } catch {
    return 'UTC';
  }
}

function draftMeetingOf(session: ChatSessionDoc, now: Date): MeetingParams | null {
  const draft = session.draft;
  if (!draft || draft.tool !== 'schedule_meeting' || new Date(draft.expires_at).getTime() < now.getTime()) return null;
  return draft.params;
}
