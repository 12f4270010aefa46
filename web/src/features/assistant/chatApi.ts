import { api } from '../../app/api';

/** POST /chat/message (spec, section 7). Not yet in @sixa/contracts. */
export interface ChatRequest {
  message: string;
  session_id: string;
  user_id: string;
}

export interface ChatReply {
  response: string;
}

/** One shared state for the conversation's sends: the chat and the header both read the last outcome. */
export const CHAT_CACHE_KEY = 'assistant-chat';

export const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendChatMessage: build.mutation<ChatReply, ChatRequest>({
      query: (body) => ({ url: '/chat/message', method: 'POST', body }),
    }),
  }),
});

export const { useSendChatMessageMutation } = chatApi;
