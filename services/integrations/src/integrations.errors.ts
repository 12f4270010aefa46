import { contextError } from '@sixa/observability';

/** Every way an integrations request can fail, in the domain's words; each given its kind (and so its HTTP status) once, below. */
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

export class IntegrationsError extends contextError<IntegrationsErrorCode>({
  [IntegrationsErrorCode.PlatformNotFound]: 'not_found',
  [IntegrationsErrorCode.InvalidPlatform]: 'invalid',
  [IntegrationsErrorCode.PlatformExists]: 'conflict',
  [IntegrationsErrorCode.SamplePlatformsDemoOnly]: 'not_found',
  [IntegrationsErrorCode.ConnectionNotFound]: 'not_found',
  [IntegrationsErrorCode.InvalidConnection]: 'invalid',
  [IntegrationsErrorCode.NotConnectionOwner]: 'forbidden',
  [IntegrationsErrorCode.AlreadyConnected]: 'conflict',
  [IntegrationsErrorCode.ConnectionChanged]: 'stale',
  [IntegrationsErrorCode.ProviderUnavailable]: 'unavailable',
  [IntegrationsErrorCode.ProviderBusy]: 'unavailable',
  [IntegrationsErrorCode.NotConnected]: 'conflict',
  [IntegrationsErrorCode.NotSupported]: 'invalid',
  [IntegrationsErrorCode.SyncJobNotFound]: 'not_found',
  [IntegrationsErrorCode.Busy]: 'busy',
}) {}
