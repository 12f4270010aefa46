import type { ChatReply, ChatRequest } from '@sixa/contracts';
import { api, type TagType } from '../../app/api';

/** One shared state for the conversation's sends: the chat and the header both read the last outcome. */
export const CHAT_CACHE_KEY = 'assistant-chat';

/**
 * What SIXA's tools can create or change (tasks, meetings, workflows, users) and the figures that
 * count them: an answer that names records may have just made them, so the screens read them again.
 */
const CHANGED_BY_ACTIONS: TagType[] = [
  'Task',
  'Lead',
  'Workflow',
  'CalendarEvent',
  'User',
  'TeamMember',
  'DashboardMetrics',
  'Insight',
  'DashboardActivity',
];

export const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /chat/message. A reply may name records (links) or ask to confirm a change (Yes / No). */
    sendChatMessage: build.mutation<ChatReply, ChatRequest>({
      query: (body) => ({ url: '/chat/message', method: 'POST', body }),
      invalidatesTags: (reply) => (reply?.links?.length ? CHANGED_BY_ACTIONS : []),
    }),
  }),
});

export const { useSendChatMessageMutation } = chatApi;
