import { httpStatusOf } from '@sixa/observability';
import { IntegrationsError, IntegrationsErrorCode as Code } from './integrations.errors';

/** What the API answers for each code (the statuses the routes gave before the enum). */
const STATUS: Record<Code, number> = {
  [Code.PlatformNotFound]: 404,
  [Code.InvalidPlatform]: 400,
  [Code.PlatformExists]: 409,
  [Code.SamplePlatformsDemoOnly]: 404,
  [Code.ConnectionNotFound]: 404,
  [Code.InvalidConnection]: 400,
  [Code.NotConnectionOwner]: 403,
  [Code.AlreadyConnected]: 409,
  [Code.ConnectionChanged]: 409,
  [Code.ProviderUnavailable]: 503,
  [Code.ProviderBusy]: 503,
  [Code.NotConnected]: 409,
  [Code.NotSupported]: 400,
  [Code.SyncJobNotFound]: 404,
  [Code.Busy]: 503,
};

describe('integrations errors', () => {
  it.each(Object.values(Code))('%s is answered with its status, its code kept and its detail as given', (code) => {
    const error = new IntegrationsError(code, 'what went wrong');
    expect(httpStatusOf(error.kind)).toBe(STATUS[code]);
    expect(error.code).toBe(code);
    expect(error.detail).toBe('what went wrong');
    expect(error.exposeCode).toBe(false);
  });

  it('a provider asking to slow down tells the caller when to try again', () => {
    expect(new IntegrationsError(Code.ProviderBusy, 'Sandbox is rate limited', 30).retryAfterSeconds).toBe(30);
  });
});
