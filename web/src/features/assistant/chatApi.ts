import type { ChatReply, ChatRequest } from '@sixa/contracts';
import { api } from '../../app/api';

/** One shared state for the conversation's sends: the chat and the header both read the last outcome. */
export const CHAT_CACHE_KEY = 'assistant-chat';

export const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /chat/message. A reply may name records (links) or ask to confirm a change (Yes / No). */
    sendChatMessage: build.mutation<ChatReply, ChatRequest>({
      query: (body) => ({ url: '/chat/message', method: 'POST', body }),
    }),
  }),
});

export const { useSendChatMessageMutation } = chatApi;
