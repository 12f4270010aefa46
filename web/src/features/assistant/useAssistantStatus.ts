import { useServiceDeployed } from '../system/systemApi';
import { CHAT_CACHE_KEY, CHAT_STATUS_POLL_MS, useGetChatStatusQuery, useSendChatMessageMutation } from './chatApi';

export type AssistantStatus = 'online' | 'offline';

/** Answers that mean the assistant itself is not there (not deployed, down, or too slow), not a bad message. */
const UNREACHABLE = new Set<unknown>([502, 503, 504, 'FETCH_ERROR', 'TIMEOUT_ERROR']);

const unreachable = (result: { isError: boolean; error?: unknown }) =>
  result.isError && UNREACHABLE.has((result.error as { status?: unknown } | undefined)?.status);

/**
 * The assistant's real availability, for the chat header and the header badge: the gateway must
 * have it deployed, it must say it can answer (GET /chat/status: its store and Kafka reachable), and
 * the last message must not have found it unreachable (each send asks the status again).
 */
export function useAssistantStatus(): AssistantStatus {
  const { deployed } = useServiceDeployed('assistant');
  const [, last] = useSendChatMessageMutation({ fixedCacheKey: CHAT_CACHE_KEY });
  const status = useGetChatStatusQuery(undefined, {
    skip: !deployed,
    pollingInterval: CHAT_STATUS_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  return deployed && !unreachable(last) && !unreachable(status) ? 'online' : 'offline';
}
