import { errorBody, SandboxErrorCode as Code, statusOf } from './sandbox.errors';

/** The statuses the sandbox answered each error with before the enum (OAuth 2.0's, and its API's). */
const STATUS: Record<Code, number> = {
  [Code.InvalidRequest]: 400,
  [Code.InvalidClient]: 401,
  [Code.InvalidGrant]: 400,
  [Code.UnsupportedGrantType]: 400,
  [Code.InvalidToken]: 401,
  [Code.RateLimited]: 429,
  [Code.NotFound]: 404,
  [Code.UnknownRecordType]: 400,
  [Code.ServerError]: 500,
};

describe('sandbox errors', () => {
  it.each(Object.values(Code))('%s is answered with its status', (code) => {
    expect(statusOf(code)).toBe(STATUS[code]);
  });

  it('an error body carries its code, and a description only when there is one', () => {
    expect(JSON.stringify(errorBody(Code.InvalidClient))).toBe('{"error":"invalid_client"}');
    expect(JSON.stringify(errorBody(Code.InvalidGrant, 'redirect_uri does not match'))).toBe(
      '{"error":"invalid_grant","error_description":"redirect_uri does not match"}',
    );
  });
});
