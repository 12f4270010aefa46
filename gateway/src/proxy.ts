import replyFrom from '@fastify/reply-from';
import { Injectable } from '@nestjs/common';
import { bearerToken } from '@sixa/auth';
import { refusalDetail, type ErrorBody } from '@sixa/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import { AccessTokenChecker } from './access-tokens';
import { PresencePublisher } from './presence';
import { GatewayConfigRef } from './config.provider';
import { RateLimiter } from './rate-limits';
import { allowedMethods, isFramable, isSuspiciousPath, isUpload, resolveRoute, uploadLimitOf } from './routes';

/** Anything that answers with a status and a body: the proxy's own reply, or reply-from's on an upstream error. */
interface Answerable<R> {
  code(status: number): { send(body: ErrorBody): R };
}

const fail = <R>(reply: Answerable<R>, status: number, detail: string): R =>
  reply.code(status).send({ detail } satisfies ErrorBody);

const MB = 1024 * 1024;
const inWords = (bytes: number) =>
  bytes % MB === 0 ? `${bytes / MB} MB` : bytes % 1024 === 0 ? `${bytes / 1024} KB` : `${bytes} bytes`;

/** A body over its route's limit: declared so by Content-Length, or counted so as it streamed. */
class BodyTooLarge extends Error {
  readonly statusCode = 413;
  constructor(limit: number) {
    super(`Request body is too large: at most ${inWords(limit)}`);
  }
}

/** Passes a body on as it arrives, and fails it once more than `limit` bytes have come. */
class BodyMeter extends Transform {
  private seen = 0;
  exceeded = false;

  constructor(readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.limit) {
      this.exceeded = true;
      done(new BodyTooLarge(this.limit));
      return;
    }
    done(null, chunk);
  }
}

/** The body meter of each request that has a body. */
const meters = new WeakMap<FastifyRequest, BodyMeter>();

/**
 * Everything under /api that the gateway does not answer itself goes to the service that owns the
 * path prefix, after the token and the role have been checked here. The service checks again.
 *
 * Bodies are not parsed here: whatever the content type, the bytes stream through to the service,
 * which decides what it accepts (and answers malformed input with its own 400 or 415). The gateway
 * only bounds their size: BODY_LIMIT_BYTES, or UPLOAD_BODY_LIMIT_BYTES / DOCUMENT_BODY_LIMIT_BYTES for
 * the routes that take a file, checked on Content-Length before anything is forwarded and on the
 * bytes as they stream.
 */
@Injectable()
export class ApiProxy {
  constructor(
    private readonly config: GatewayConfigRef,
    private readonly tokens: AccessTokenChecker,
    private readonly presence: PresencePublisher,
    private readonly rateLimits: RateLimiter,
  ) {}

  async attach(fastify: FastifyInstance): Promise<void> {
    await fastify.register(replyFrom, {
      undici: { connections: 64, pipelining: 1, headersTimeout: 30_000, bodyTimeout: 60_000 },
    });
    // A scope of its own: the pass-through parser and the error answers apply to the proxied routes
    // only, not to the gateway's own (Nest) routes.
    await fastify.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (req, payload, done) => {
        const limit = this.bodyLimit(req);
        if (Number(req.headers['content-length']) > limit) return done(new BodyTooLarge(limit));
        done(null, this.metered(req, payload, limit));
      });
      scope.setErrorHandler((error: FastifyError, req, reply) => this.answerError(error, req, reply));
      scope.route({
        method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
        url: '/api/*',
        handler: (req, reply) => this.forward(req, reply),
      });
      // Methods no /api route has: refused before anything reads a body (405 on a known path, else 404).
      scope.route({
        method: ['POST', 'PUT', 'PATCH', 'DELETE', 'TRACE', 'QUERY'],
        url: '/api',
        onRequest: async (req, reply) => this.refuseMethod(req, reply),
        handler: (req, reply) => this.refuseMethod(req, reply),
      });
      scope.route({
        method: ['TRACE', 'QUERY'],
        url: '/api/*',
        onRequest: async (req, reply) => this.refuseMethod(req, reply),
        handler: (req, reply) => this.refuseMethod(req, reply),
      });
    });
  }

  private bodyLimit(req: FastifyRequest): number {
    const { bodyLimits } = this.config.value;
    return bodyLimits[uploadLimitOf(req.method, req.url.slice('/api'.length).split('?')[0]) ?? 'default'];
  }

  /** The upload routes may take longer to answer (a conversion queues, then runs); undefined: the 30 s default. */
  private upstreamTimeout(req: FastifyRequest, path: string): number | undefined {
    return isUpload(req.method, path) ? this.config.value.uploadTimeoutMs : undefined;
  }

  /** The request's body as a stream that fails once it passes the limit (a chunked body has no length up front). */
  private metered(req: FastifyRequest, payload: IncomingMessage, limit: number): BodyMeter {
    const meter = new BodyMeter(limit);
    meters.set(req, meter);
    // Not stream.pipeline: it would destroy the request, and with it the socket the 413 goes out on.
    payload.pipe(meter);
    payload.once('close', () => {
      if (!payload.complete) meter.destroy(new Error('The client closed the connection before the body ended'));
    });
    return meter;
  }

  private answerError(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const detail = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Malformed Content-Type header' : error.message;
      return fail(reply, status, detail);
    }
    const errorId = randomUUID();
    req.log.error({ err: error, error_id: errorId }, 'request failed');
    return reply.code(500).send({ detail: 'Internal server error', error_id: errorId } satisfies ErrorBody);
  }

  /** A request no declared route takes: 405 with Allow when the path has other methods, else 404. */
  private refuseMethod(req: FastifyRequest, reply: FastifyReply) {
    if (reply.sent) return reply;
    const path = req.url.slice('/api'.length).split('?')[0];
    const allowed = allowedMethods(path);
    if (!allowed.length) return fail(reply, 404, `No such API route: ${req.method} /api${path}`);
    reply.header('allow', allowed.join(', '));
    return fail(reply, 405, `${req.method} is not allowed on /api${path}; it takes ${allowed.join(', ')}`);
  }

  private async forward(req: FastifyRequest, reply: FastifyReply) {
    const rest = req.url.slice('/api'.length);
    const path = rest.split('?')[0];
    if (isSuspiciousPath(path)) return fail(reply, 400, 'Malformed path');
    const route = resolveRoute(req.method, path);
    if (!route) return this.refuseMethod(req, reply);
    (req as { metricsRoute?: string }).metricsRoute = `/api ${route.service}`;

    // Who the rate limits count this request against: the user, or for a public route the client's address.
    let caller = `ip:${req.ip}`;
    if (route.access !== 'public') {
      const checked = await this.tokens.check(bearerToken(req.headers.authorization), 'header');
      if (!checked.ok) return fail(reply, checked.status, checked.detail);
      // The role below the route's level stops here (the service refuses it too).
      const refused = refusalDetail(checked.user.role, route.access);
      if (refused) return fail(reply, 403, refused);
      this.presence.seen(checked.user);
      caller = checked.user.id;
    }

    const rate = await this.rateLimits.hit(caller, path);
    if (rate) reply.headers(rate.headers);
    if (rate?.limited) {
      return reply.code(429).send({ detail: rate.detail, code: 'RATE_LIMITED' } satisfies ErrorBody);
    }

    const base = this.config.value.serviceUrls[route.service];
    if (!base) return fail(reply, 503, `The ${route.service} service is not available yet`);
    if (isFramable(req.method, path)) {
      // A PDF our own pages show in a frame: framable by them only (and it runs nothing itself).
      reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'self'");
      reply.header('x-frame-options', 'SAMEORIGIN');
    }
    return reply.from(`${base}${rest}`, {
      timeout: this.upstreamTimeout(req, path),
      // The client's address as the gateway sees it, replacing whatever chain the client sent.
      rewriteRequestHeaders: (_req, headers) => ({ ...headers, 'x-request-id': req.id, 'x-forwarded-for': req.ip }),
      // The gateway's own count, whatever the service says.
      rewriteHeaders: (headers) => (rate ? { ...headers, ...rate.headers } : headers),
      onError: (answer, { error }) => {
        const meter = meters.get(req);
        if (meter?.exceeded) {
          // The client may still be sending: this connection ends with the answer.
          return fail(answer.header('connection', 'close'), 413, new BodyTooLarge(meter.limit).message);
        }
        req.log.warn({ err: error, service: route.service }, 'upstream failed');
        const timedOut = /timeout/i.test(`${(error as { code?: string }).code ?? ''} ${error.message}`);
        fail(
          answer,
          timedOut ? 504 : 502,
          timedOut
            ? `The ${route.service} service took too long to answer`
            : `The ${route.service} service did not answer; try again shortly`,
        );
      },
    });
  }
}
