import { DomainError, type DomainErrorKind } from '@sixa/observability';

/** Every way an integrations request can fail, in the domain's words; mapped to a kind (and so to HTTP) below, once. */
export enum IntegrationsErrorCode {
  PlatformNotFound = 'PLATFORM_NOT_FOUND',
  /** An oauth2 platform without its provider's endpoints and client. */
  InvalidPlatform = 'INVALID_PLATFORM',
  PlatformExists = 'PLATFORM_EXISTS',
  /** Sample platforms outside demo mode (or without a sandbox provider): as if there were none. */
  SamplePlatformsDemoOnly = 'NOT_AVAILABLE',
  ConnectionNotFound = 'CONNECTION_NOT_FOUND',
  /** A connect or an edit the platform (or the product's settings) does not allow as given. */
  InvalidConnection = 'INVALID_CONNECTION',
  /** A change of someone else's connection, by anyone but its owner or an admin. */
  NotConnectionOwner = 'NOT_CONNECTION_OWNER',
  /** One connection per platform: the platform is connected already. */
  AlreadyConnected = 'ALREADY_CONNECTED',
  ConnectionChanged = 'CONNECTION_CHANGED',
  /** The provider could not be reached, or answered with an error of its own. */
  ProviderUnavailable = 'PROVIDER_UNAVAILABLE',
  /** The provider asked us to slow down (sent with Retry-After). */
  ProviderBusy = 'PROVIDER_BUSY',
  /** A sync of a connection that is not connected (disconnected, or its credentials expired). */
  NotConnected = 'NOT_CONNECTED',
  /** A sync of a data type or direction the product (or the platform) does not offer. */
  NotSupported = 'NOT_SUPPORTED',
  SyncJobNotFound = 'JOB_NOT_FOUND',
  /** Other writers kept changing it through every attempt. */
  Busy = 'BUSY',
}

function kindOf(code: IntegrationsErrorCode): DomainErrorKind {
  switch (code) {
    case IntegrationsErrorCode.PlatformNotFound:
    case IntegrationsErrorCode.SamplePlatformsDemoOnly:
    case IntegrationsErrorCode.ConnectionNotFound:
    case IntegrationsErrorCode.SyncJobNotFound:
      return 'not_found';
    case IntegrationsErrorCode.InvalidPlatform:
    case IntegrationsErrorCode.InvalidConnection:
    case IntegrationsErrorCode.NotSupported:
      return 'invalid';
    case IntegrationsErrorCode.NotConnectionOwner:
      return 'forbidden';
    case IntegrationsErrorCode.PlatformExists:
    case IntegrationsErrorCode.AlreadyConnected:
    case IntegrationsErrorCode.NotConnected:
      return 'conflict';
    case IntegrationsErrorCode.ConnectionChanged:
      return 'stale';
    case IntegrationsErrorCode.ProviderUnavailable:
    case IntegrationsErrorCode.ProviderBusy:
      return 'unavailable';
    case IntegrationsErrorCode.Busy:
      return 'busy';
    default: {
      const unknown: never = code;
      throw new Error(`unmapped integrations error ${String(unknown)}`);
    }
  }
}

export class IntegrationsError extends DomainError {
  /** `retryAfterSeconds`: when the caller may simply try again (sent as Retry-After). */
  constructor(code: IntegrationsErrorCode, detail: string, retryAfterSeconds?: number) {
    super(kindOf(code), code, detail, retryAfterSeconds);
  }
}
