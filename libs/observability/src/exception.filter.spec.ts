import type { ArgumentsHost } from '@nestjs/common';
import pino from 'pino';
import { AllExceptionsFilter, isStoreUnreachable, STORE_UNREACHABLE_DETAIL } from './exception.filter';

/** What the filter sends back for an exception. */
function reply(exception: unknown): { status: number; headers: Record<string, string>; body: unknown } {
  const sent = { status: 0, headers: {} as Record<string, string>, body: undefined as unknown };
  const res = {
    status(code: number) {
      sent.status = code;
      return res;
    },
    header(name: string, value: string) {
      sent.headers[name] = value;
      return res;
    },
    send(body: unknown) {
      sent.body = body;
    },
  };
  const host = {
    switchToHttp: () => ({ getResponse: () => res, getRequest: () => ({ id: 'r1', method: 'GET', url: '/x' }) }),
  } as unknown as ArgumentsHost;
  new AllExceptionsFilter(pino({ level: 'silent' })).catch(exception, host);
  return sent;
}

const named = (name: string, message = 'boom') => Object.assign(new Error(message), { name });

describe('a database that cannot be reached', () => {
  it.each([
    'MongoServerSelectionError',
    'MongooseServerSelectionError',
    'MongoNetworkError',
    'MongoNetworkTimeoutError',
    'MongoPoolClearedError',
    'MongoWaitQueueTimeoutError',
    'MongoTopologyClosedError',
    'MongoOperationTimeoutError',
  ])('answers 503 with Retry-After and an error id for %s, without its message', (name) => {
    const sent = reply(named(name, 'connect ECONNREFUSED 10.0.0.7:27017'));
    expect(sent.status).toBe(503);
    expect(sent.headers['retry-after']).toBe('5');
    expect(sent.body).toEqual({ detail: STORE_UNREACHABLE_DETAIL, error_id: expect.any(String) });
  });

  it("knows mongoose's give-up while its connection is down, and a cause two levels down", () => {
    expect(
      isStoreUnreachable(named('MongooseError', 'Operation `tasks.find()` buffering timed out after 10000ms')),
    ).toBe(true);
    const wrapped = new Error('could not save', { cause: new Error('outer', { cause: named('MongoNetworkError') }) });
    expect(isStoreUnreachable(wrapped)).toBe(true);
  });

  it('leaves other failures a 500 that says nothing of their cause', () => {
    for (const e of [new Error('x is undefined'), named('MongooseError')]) {
      expect(isStoreUnreachable(e)).toBe(false);
      const sent = reply(e);
      expect(sent.status).toBe(500);
      expect(sent.body).toEqual({ detail: 'Internal server error', error_id: expect.any(String) });
    }
  });
});

describe('a write a unique index refused', () => {
  const mongo = Object.assign(
    named(
      'MongoServerError',
      'E11000 duplicate key error collection: crm.leads index: email_1 dup key: { email: "ana@example.com" }',
    ),
    { code: 11000, keyPattern: { email: 1 }, keyValue: { email: 'ana@example.com' } },
  );
  const ferretUpdate = Object.assign(
    named(
      'MongoServerError',
      "[msg_findandmodify.go:196] constraint failed: UNIQUE constraint failed: index 'team_members_7a968ed4_email_1' (2067)",
    ),
    { code: 1, codeName: 'InternalError' },
  );

  it('is a 409 naming the record, the field and the value, as MongoDB reports it', () => {
    const sent = reply(mongo);
    expect(sent.status).toBe(409);
    expect(sent.body).toEqual({ detail: 'Another lead already uses the e-mail ana@example.com' });
  });

  it('is a 409 naming the record and the field, as FerretDB reports it on an update', () => {
    const sent = reply(ferretUpdate);
    expect(sent.status).toBe(409);
    expect(sent.body).toEqual({ detail: 'Another team member already uses this e-mail' });
  });

  it('is found below a wrapping error too', () => {
    expect(reply(new Error('saving failed', { cause: mongo })).status).toBe(409);
  });
});
