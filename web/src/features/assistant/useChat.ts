import type { ChatConfirmAnswer, ChatLink, ChatMessage, ChatReply } from '@sixa/contracts/browser';
import { useCallback, useRef, useState } from 'react';
import { isAppRoute } from './appRoute';
import { CHAT_CACHE_KEY, useSendChatMessageMutation } from './chatApi';
import { CHAT_ERROR, CHAT_SESSION_ID, CHAT_USER_ID, GREETING } from './chatConstants';

export type { ChatMessage };

/** The answer to a confirmation, sent as the next message. */
export type ConfirmationAnswer = 'yes' | 'no';

let nextId = 0;
function message(type: ChatMessage['type'], content: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  nextId += 1;
  return { id: `msg-${nextId}`, type, content, timestamp: new Date().toISOString(), ...extra };
}

/** The browser's IANA zone: "tomorrow at 10" is read in it. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** Only links this client can follow (its own routes), with a label to show. */
function appLinks(links: unknown): ChatLink[] {
  if (!Array.isArray(links)) return [];
  return links.filter(
    (link): link is ChatLink =>
      typeof link === 'object' &&
      link !== null &&
      isAppRoute((link as ChatLink).href) &&
      typeof (link as ChatLink).label === 'string' &&
      (link as ChatLink).label.trim() !== '',
  );
}

function replyMessage(reply: ChatReply | undefined): ChatMessage {
  if (typeof reply?.response !== 'string' || !reply.response.trim()) return message('ai', CHAT_ERROR);
  const links = appLinks(reply.links);
  const confirmation = reply.confirmation && typeof reply.confirmation.id === 'string' ? reply.confirmation : undefined;
  return message('ai', reply.response, {
    ...(links.length ? { links } : {}),
    ...(confirmation ? { confirmation } : {}),
  });
}

/** The conversation: messages appended in order, one reply awaited at a time. */
export function useChat() {
  const [messages, setMessages] = useState<ChatMessage[]>(() => [message('ai', GREETING)]);
  /** The confirmations already answered (message id -> the answer). */
  const [answers, setAnswers] = useState<Record<string, ConfirmationAnswer>>({});
  const [sendMessage, { isLoading: waiting }] = useSendChatMessageMutation({ fixedCacheKey: CHAT_CACHE_KEY });
  const pending = useRef(false);

  const send = useCallback(
    async (text: string, confirm?: ChatConfirmAnswer): Promise<boolean> => {
      const content = text.trim();
      if (!content || pending.current) return false;
      pending.current = true;
      setMessages((current) => [...current, message('user', content)]);
      try {
        const timeZone = browserTimeZone();
        const reply = await sendMessage({
          message: content,
          session_id: CHAT_SESSION_ID,
          user_id: CHAT_USER_ID,
          ...(timeZone ? { time_zone: timeZone } : {}),
          ...(confirm ? { confirm } : {}),
        }).unwrap();
        setMessages((current) => [...current, replyMessage(reply)]);
      } catch (error) {
        console.warn('Assistant reply failed', error);
        setMessages((current) => [...current, message('ai', CHAT_ERROR)]);
      } finally {
        pending.current = false;
      }
      return true;
    },
    [sendMessage],
  );

  /**
   * Yes / No under a message that asks to confirm a change: answered once, as the next message
   * ("yes" / "no", which the conversation shows), naming the confirmation it answers.
   */
  const answer = useCallback(
    async (messageId: string, choice: ConfirmationAnswer) => {
      const asked = messages.find((m) => m.id === messageId)?.confirmation;
      if (pending.current || answers[messageId] || !asked) return;
      setAnswers((current) => ({ ...current, [messageId]: choice }));
      await send(choice, { id: asked.id, answer: choice });
    },
    [answers, messages, send],
  );

  return { messages, waiting, send, answer, answers, onlyGreeting: messages.length === 1 };
}
