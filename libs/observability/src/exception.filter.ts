import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import type { ErrorBody, FieldError } from '@sixa/contracts';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { DomainError, httpStatusOf } from './domain-error';
import { duplicateKeyDetail, duplicateKeyOf } from './duplicate-key';

interface ReplyLike {
  status(code: number): ReplyLike;
  header(name: string, value: string): ReplyLike;
  send(body: unknown): void;
}

/** Turns a Nest exception's response (string, {message}, {message: string[]}) into one sentence. */
export function detailOf(response: unknown, fallback: string): string {
  if (typeof response === 'string') return response;
  if (response && typeof response === 'object') {
    const r = response as { detail?: unknown; message?: unknown };
    if (typeof r.detail === 'string') return r.detail;
    if (Array.isArray(r.message)) return r.message.map(String).join('; ');
    if (typeof r.message === 'string') return r.message;
  }
  return fallback;
}

/**
 * Every error leaves as `{detail}` with the right status. Fastify's own errors (bad JSON, a
 * `__proto__` key, an oversized body) keep their 4xx status. A 5xx is logged with an error id that
 * the client also receives, and never carries the internal message or a stack.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<ReplyLike>();
    const request = host.switchToHttp().getRequest<{ id?: string; method?: string; url?: string }>();
    let status: number = HttpStatus.INTERNAL_SERVER_ERROR;
    let body: ErrorBody;

    if (exception instanceof DomainError) {
      status = httpStatusOf(exception.kind);
      body = exception.exposeCode ? { code: exception.code, detail: exception.detail } : { detail: exception.detail };
      if (exception.retryAfterSeconds !== undefined) reply.header('retry-after', String(exception.retryAfterSeconds));
    } else if (exception instanceof HttpException) {
      status = exception.getStatus();
      body = { detail: detailOf(exception.getResponse(), exception.message) };
      const errors = (exception.getResponse() as { errors?: unknown } | null)?.errors;
      if (Array.isArray(errors)) body.errors = errors as FieldError[];
    } else if (isClientError(exception)) {
      status = exception.statusCode;
      body = { detail: clientErrorDetail(exception) };
    } else if (duplicateKeyOf(exception)) {
      // A unique index refused a write no service put in its own words: a conflict, never a 500.
      status = HttpStatus.CONFLICT;
      body = { detail: duplicateKeyDetail(duplicateKeyOf(exception)!) };
    } else if (isStoreUnreachable(exception)) {
      status = HttpStatus.SERVICE_UNAVAILABLE;
      body = { detail: STORE_UNREACHABLE_DETAIL };
      reply.header('retry-after', String(STORE_RETRY_AFTER_SECONDS));
    } else {
      body = { detail: 'Internal server error' };
    }

    if (status >= 500 && !(exception instanceof DomainError)) {
      const errorId = randomUUID();
      body = { detail: status === 500 ? 'Internal server error' : body.detail, error_id: errorId };
      this.logger.error(
        { err: exception, error_id: errorId, req_id: request.id, method: request.method, url: request.url },
        'request failed',
      );
    }
    if (status === 429 && exception instanceof HttpException) {
      const retry = (exception.getResponse() as { retry_after?: number })?.retry_after;
      if (typeof retry === 'number') reply.header('retry-after', String(retry));
    }
    reply.status(status).send(body);
  }
}

export const STORE_UNREACHABLE_DETAIL = 'The database is not answering at the moment; try again in a few seconds';
const STORE_RETRY_AFTER_SECONDS = 5;

/**
 * The driver's and mongoose's errors for a database that cannot be reached or did not answer in
 * time (known by name, so that this library needs neither): the request was not carried out, or
 * its outcome is unknown, and trying again later is the caller's move. A 503, not a 500. (A client
 * used before it connected is a fault of this process: a 500, as before.)
 */
const STORE_UNREACHABLE = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoPoolClearedError',
  'PoolClearedOnNetworkError',
  'MongoWaitQueueTimeoutError',
  'MongoTopologyClosedError',
  'MongoOperationTimeoutError',
]);

export function isStoreUnreachable(e: unknown): boolean {
  for (let err = e, depth = 0; err instanceof Error && depth < 4; err = err.cause, depth++) {
    if (STORE_UNREACHABLE.has(err.name)) return true;
    // mongoose, while its connection is down, holds commands for a while, then gives up with this.
    if (err.name === 'MongooseError' && /buffering timed out/.test(err.message)) return true;
  }
  return false;
}

function isClientError(e: unknown): e is { statusCode: number; message: string; code?: string } {
  const s = (e as { statusCode?: unknown })?.statusCode;
  return typeof s === 'number' && s >= 400 && s < 500;
}

function clientErrorDetail(e: { message: string; code?: string }): string {
  if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'Unsupported content type: send application/json';
  if (e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'Request body is empty but content-type is application/json';
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'Request body is too large';
  if (/prototype property/i.test(e.message))
    return 'Request body contains a forbidden property (__proto__ or constructor)';
  if (e.message.startsWith('Unexpected') || /JSON/.test(e.message)) return `Malformed JSON body: ${e.message}`;
  return e.message;
}
