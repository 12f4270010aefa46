import { DomainError, type DomainErrorKind } from '@sixa/observability';

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

function kindOf(code: AssistantErrorCode): DomainErrorKind {
  switch (code) {
    case AssistantErrorCode.ChatSessionNotFound:
      return 'not_found';
    case AssistantErrorCode.ChatInvalidMessage:
    case AssistantErrorCode.ChatInvalidTimeZone:
    case AssistantErrorCode.DashboardInvalidQuery:
      return 'invalid';
    case AssistantErrorCode.ChatNotSignedIn:
      return 'unauthenticated';
    case AssistantErrorCode.ChatUnavailable:
      return 'busy';
    default: {
      const unknown: never = code;
      throw new Error(`unmapped assistant error ${String(unknown)}`);
    }
  }
}

export class AssistantError extends DomainError {
  constructor(code: AssistantErrorCode, detail: string) {
    super(kindOf(code), code, detail);
  }
}
