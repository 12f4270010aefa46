import { useCallback, useRef, useState } from 'react';
import { CHAT_CACHE_KEY, useSendChatMessageMutation } from './chatApi';
import { CHAT_ERROR, CHAT_SESSION_ID, CHAT_USER_ID, GREETING } from './chatConstants';

export interface ChatMessage {
  id: string;
  type: 'user' | 'ai';
  content: string;
  timestamp: string;
}

let nextId = 0;
function message(type: ChatMessage['type'], content: string): ChatMessage {
  nextId += 1;
  return { id: `msg-${nextId}`, type, content, timestamp: new Date().toISOString() };
}

/** The conversation: messages appended in order, one reply awaited at a time. */
export function useChat() {
  const [messages, setMessages] = useState<ChatMessage[]>(() => [message('ai', GREETING)]);
  const [sendMessage, { isLoading: waiting }] = useSendChatMessageMutation({ fixedCacheKey: CHAT_CACHE_KEY });
  const pending = useRef(false);

  const send = useCallback(
    async (text: string): Promise<boolean> => {
      const content = text.trim();
      if (!content || pending.current) return false;
      pending.current = true;
      setMessages((current) => [...current, message('user', content)]);
      try {
        const reply = await sendMessage({
          message: content,
          session_id: CHAT_SESSION_ID,
          user_id: CHAT_USER_ID,
        }).unwrap();
        const answer = typeof reply?.response === 'string' && reply.response.trim() ? reply.response : CHAT_ERROR;
        setMessages((current) => [...current, message('ai', answer)]);
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

  return { messages, waiting, send, onlyGreeting: messages.length === 1 };
}
