import type { ChatReply, ChatRequest, ChatStatus } from '@sixa/contracts/browser';
import { api, type TagType } from '../../shared/api';

/** One shared state for the conversation's sends: the chat and the header both read the last outcome. */
export const CHAT_CACHE_KEY = 'assistant-chat';

/** How often the header asks whether the assistant can answer (while the tab is visible). */
export const CHAT_STATUS_POLL_MS = 60_000;

const STATUS = { type: 'ChatStatus', id: 'CURRENT' } as const;

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
      // Every outcome says something about availability: the status is asked again.
      invalidatesTags: (reply) => [STATUS, ...(reply?.links?.length ? CHANGED_BY_ACTIONS : [])],
    }),
    /** GET /chat/status: 200 when the assistant can answer now, 503 when its store or Kafka is down. */
    getChatStatus: build.query<ChatStatus, void>({
      query: () => '/chat/status',
      providesTags: [STATUS],
    }),
  }),
});

export const { useSendChatMessageMutation, useGetChatStatusQuery } = chatApi;
