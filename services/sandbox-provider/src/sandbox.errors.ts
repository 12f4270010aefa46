/**
 * Every error the sandbox answers, in the words its clients act on (OAuth 2.0's, RFC 6749 5.2 and
 * RFC 6750 3.1, and its API's); mapped to the HTTP status below, once. Errors of the consent step go
 * back in the redirect (RFC 6749 4.1.2.1), and a fault queued on the control endpoints is answered
 * with the status it was queued with.
 */
export enum SandboxErrorCode {
  InvalidRequest = 'invalid_request',
  InvalidClient = 'invalid_client',
  InvalidGrant = 'invalid_grant',
  UnsupportedGrantType = 'unsupported_grant_type',
  InvalidToken = 'invalid_token',
  RateLimited = 'rate_limited',
  NotFound = 'not_found',
  /** A control request for a record type the sandbox does not keep. */
  UnknownRecordType = 'unknown type',
  ServerError = 'server_error',
}

export function statusOf(code: SandboxErrorCode): number {
  switch (code) {
    case SandboxErrorCode.InvalidRequest:
    case SandboxErrorCode.InvalidGrant:
    case SandboxErrorCode.UnsupportedGrantType:
    case SandboxErrorCode.UnknownRecordType:
      return 400;
    case SandboxErrorCode.InvalidClient:
    case SandboxErrorCode.InvalidToken:
      return 401;
    case SandboxErrorCode.NotFound:
      return 404;
    case SandboxErrorCode.RateLimited:
      return 429;
    case SandboxErrorCode.ServerError:
      return 500;
    default: {
      const unknown: never = code;
      throw new Error(`unmapped sandbox error ${String(unknown)}`);
    }
  }
}

/** An error answer's body: the code, and what went wrong when there is more to say. */
export function errorBody(
  code: SandboxErrorCode,
  description?: string,
): { error: SandboxErrorCode; error_description?: string } {
  return description === undefined ? { error: code } : { error: code, error_description: description };
}
