import replyFrom from '@fastify/reply-from';
import { Injectable } from '@nestjs/common';
import { bearerToken } from '@sixa/auth';
import { hasAccess, type ErrorBody } from '@sixa/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AccessTokenChecker } from './access-tokens';
import { GatewayConfigRef } from './config.provider';
import { isSuspiciousPath, resolveRoute } from './routes';

const fail = (reply: FastifyReply, status: number, detail: string) =>
  reply.code(status).send({ detail } satisfies ErrorBody);

/**
 * Everything under /api that the gateway does not answer itself goes to the service that owns the
 * path prefix, after the token and the role have been checked here. The service checks again.
 */
@Injectable()
export class ApiProxy {
  constructor(
    private readonly config: GatewayConfigRef,
    private readonly tokens: AccessTokenChecker,
  ) {}

  async attach(fastify: FastifyInstance): Promise<void> {
    await fastify.register(replyFrom, {
      undici: { connections: 64, pipelining: 1, headersTimeout: 30_000, bodyTimeout: 60_000 },
    });
    fastify.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/api/*',
      handler: (req, reply) => this.forward(req, reply),
    });
  }

  private async forward(req: FastifyRequest, reply: FastifyReply) {
    const rest = req.url.slice('/api'.length);
    const path = rest.split('?')[0];
    if (isSuspiciousPath(path)) return fail(reply, 400, 'Malformed path');
    const route = resolveRoute(req.method, path);
    if (!route) return fail(reply, 404, `No such API route: ${req.method} /api${path}`);
    (req as { metricsRoute?: string }).metricsRoute = `/api ${route.service}`;

    if (route.access !== 'public') {
      const checked = await this.tokens.check(bearerToken(req.headers.authorization), 'header');
      if (!checked.ok) return fail(reply, checked.status, checked.detail);
      if (!hasAccess(checked.user.role, route.access))
        return fail(reply, 403, "You don't have permission to access this feature.");
    }

    const base = this.config.value.serviceUrls[route.service];
    if (!base) return fail(reply, 503, `The ${route.service} service is not available yet`);
    return reply.from(`${base}${rest}`, {
      // The client's address as the gateway sees it, replacing whatever chain the client sent.
      rewriteRequestHeaders: (_req, headers) => ({ ...headers, 'x-request-id': req.id, 'x-forwarded-for': req.ip }),
      onError: (r, { error }) => {
        req.log.warn({ err: error, service: route.service }, 'upstream failed');
        const timedOut = /timeout/i.test(`${(error as { code?: string }).code ?? ''} ${error.message}`);
        fail(
          r as unknown as FastifyReply,
          timedOut ? 504 : 502,
          timedOut
            ? `The ${route.service} service took too long to answer`
            : `The ${route.service} service did not answer; try again shortly`,
        );
      },
    });
  }
}
