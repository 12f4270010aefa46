import { useServiceDeployed } from '../system/systemApi';
import { CHAT_CACHE_KEY, useSendChatMessageMutation } from './chatApi';

export type AssistantStatus = 'online' | 'offline';

/** Answers that mean the assistant itself is not there (not deployed, down, or too slow), not a bad message. */
const UNREACHABLE = new Set<unknown>([502, 503, 504, 'FETCH_ERROR', 'TIMEOUT_ERROR']);

/**
 * The assistant's real availability, for the chat header and the header badge: the gateway must
 * have it deployed, and the last message must not have found it unreachable (a later answer clears that).
 */
export function useAssistantStatus(): AssistantStatus {
  const { deployed } = useServiceDeployed('assistant');
  const [, last] = useSendChatMessageMutation({ fixedCacheKey: CHAT_CACHE_KEY });
  const error = last.error as { status?: unknown } | undefined;
  const unreachable = last.isError && UNREACHABLE.has(error?.status);
  return deployed && !unreachable ? 'online' : 'offline';
}
