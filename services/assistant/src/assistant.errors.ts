import { contextError } from '@sixa/observability';

/**
 * Every way an assistant request can fail, in the domain's words; mapped to a kind (and so to HTTP)
 * below, once. A chat reply the assistant can give is a 200 with a sentence instead.
 */
export enum AssistantErrorCode {
  ChatSessionNotFound = 'CHAT_SESSION_NOT_FOUND',
  ChatInvalidMessage = 'CHAT_INVALID_MESSAGE',
  ChatInvalidTimeZone = 'CHAT_INVALID_TIME_ZONE',
  ChatNotSignedIn = 'CHAT_NOT_SIGNED_IN',
  /** Its store or Kafka is not reachable: it cannot keep a conversation now (503). */
  ChatUnavailable = 'CHAT_UNAVAILABLE',
  DashboardInvalidQuery = 'DASHBOARD_INVALID_QUERY',
}

export class AssistantError extends contextError<AssistantErrorCode>({
  [AssistantErrorCode.ChatSessionNotFound]: 'not_found',
  [AssistantErrorCode.ChatInvalidMessage]: 'invalid',
  [AssistantErrorCode.ChatInvalidTimeZone]: 'invalid',
  [AssistantErrorCode.ChatNotSignedIn]: 'unauthenticated',
  [AssistantErrorCode.ChatUnavailable]: 'busy',
  [AssistantErrorCode.DashboardInvalidQuery]: 'invalid',
}) {}
