import { DomainError, type DomainErrorKind } from '@sixa/observability';

/** Every way a chat request can fail (a reply the assistant can give is a 200 with a sentence instead). */
export enum ChatErrorCode {
  SessionNotFound = 'CHAT_SESSION_NOT_FOUND',
  InvalidMessage = 'CHAT_INVALID_MESSAGE',
  InvalidTimeZone = 'CHAT_INVALID_TIME_ZONE',
  NotSignedIn = 'CHAT_NOT_SIGNED_IN',
  /** Its store or Kafka is not reachable: it cannot keep a conversation now (503). */
  Unavailable = 'CHAT_UNAVAILABLE',
}

function kindOf(code: ChatErrorCode): DomainErrorKind {
  switch (code) {
    case ChatErrorCode.SessionNotFound:
      return 'not_found';
    case ChatErrorCode.InvalidMessage:
    case ChatErrorCode.InvalidTimeZone:
      return 'invalid';
    case ChatErrorCode.NotSignedIn:
      return 'unauthenticated';
    case ChatErrorCode.Unavailable:
      return 'busy';
    default: {
      const unknown: never = code;
      throw new Error(`unmapped chat error ${String(unknown)}`);
    }
  }
}

export class ChatError extends DomainError {
  constructor(code: ChatErrorCode, detail: string) {
    super(kindOf(code), code, detail);
  }
}
