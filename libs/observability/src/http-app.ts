import {
  type ArgumentMetadata,
  BadRequestException,
  type DynamicModule,
  type INestApplication,
  type Type,
  ValidationPipe,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { ROUTE_ACCESS, undeclaredRoutes, type FieldError, type ServiceName } from '@sixa/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { ConfigError, type EnvReader } from './config';
import { EtagHeaderInterceptor } from './etag-header';
import { documentPathParameters, documentValidation, MAX_PATH_PARAMETER } from './validation-docs';
import { AllExceptionsFilter } from './exception.filter';
import { createLogger, loggerOptions } from './logger';
import { httpDuration } from './metrics';
import { missingNested, requiresBody, validationErrors } from './validation-detail';

export interface HttpAppOptions {
  service: string;
  /**
   * How many proxies in front of this process to believe in X-Forwarded-For (0: none). Trusting more
   * hops than there are lets a client choose its own address, and so dodge per-address limits.
   */
  trustProxyHops?: number;
  bodyLimitBytes?: number;
  logLevel?: string;
  /** Serve this service's OpenAPI document at /openapi.json (the gateway aggregates them). */
  openApi?: { title: string; description?: string };
  /**
   * Whose section of ROUTE_ACCESS (libs/contracts route-access.ts) must declare every route this
   * process registers: by default `service`. `false` only for a test's throwaway app.
   */
  declaredAs?: ServiceName | 'gateway' | false;
}

/** A route as a process registered it: its method and Fastify's path pattern. */
export interface RegisteredRoute {
  method: string;
  path: string;
}

const registered = new WeakMap<object, RegisteredRoute[]>();

/** Every route the app has registered so far (HEAD twins of GET routes left out). */
export function registeredRoutes(app: INestApplication): RegisteredRoute[] {
  return [...(registered.get(app.getHttpAdapter().getInstance()) ?? [])];
}

/** A process whose routes ROUTE_ACCESS does not all declare: it does not start. */
export class UndeclaredRoutesError extends Error {
  constructor(process: string, routes: string[]) {
    super(
      `${process} registers routes that ROUTE_ACCESS (libs/contracts/src/route-access.ts) does not declare: ` +
        `${routes.join(', ')}. Declare who may call each (public, any, employee, admin or internal).`,
    );
    this.name = 'UndeclaredRoutesError';
  }
}

function sectionOf(opts: HttpAppOptions): ServiceName | 'gateway' | false {
  if (opts.declaredAs !== undefined) return opts.declaredAs;
  if (opts.service === 'gateway' || opts.service in ROUTE_ACCESS) return opts.service as ServiceName | 'gateway';
  throw new Error(`ROUTE_ACCESS has no section for the process "${opts.service}": add one (libs/contracts)`);
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** What a request with a JSON body route gets when it sends none. */
export const BODY_REQUIRED_DETAIL =
  'Request body is required: send the fields as a JSON object (content-type application/json)';

/**
 * The shared ValidationPipe, and what it adds: a route whose DTO expects a body (it has a field that
 * is not optional) refuses a request without one with a 400 saying so, before anything runs (a DTO of
 * optional fields only takes none: an empty one); a body that is not a JSON object is refused too;
 * every failed constraint is named as a person reads it, with its field (see validationErrors).
 */
class BodyValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && this.toValidate(metadata)) {
      if ((value === undefined || value === null) && requiresBody(metadata.metatype!))
        throw new BadRequestException({ detail: BODY_REQUIRED_DETAIL });
      if (value === undefined || value === null) return super.transform(value, metadata);
      if (typeof value !== 'object' || Array.isArray(value))
        throw new BadRequestException({ detail: 'Request body must be a JSON object' });
    }
    const dto: unknown = await super.transform(value, metadata);
    if (metadata.type === 'body' && this.toValidate(metadata)) {
      const missing = missingNested(dto);
      if (missing.length) throw invalidBody(missing);
    }
    return dto;
  }
}

const invalidBody = (problems: FieldError[]) =>
  new BadRequestException({ detail: problems.map((p) => p.detail).join('; '), errors: problems });

export const validationPipe = () =>
  new BodyValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    forbidUnknownValues: true,
    exceptionFactory: (errors) => invalidBody(validationErrors(errors)),
  });

type FrameworkError = Pick<FastifyError, 'code' | 'statusCode' | 'message'>;

function frameworkErrorStatus(error: FrameworkError): number {
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

/** Fastify's own words name its internals ('url component'): say what was wrong with the request. */
function frameworkErrorDetail(error: FrameworkError, url: string, status: number): string {
  if (error.code === 'FST_ERR_BAD_URL') return `Malformed address: ${url} is not valid percent-encoding`;
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return `Address too long: a part of ${url} exceeds the limit`;
  return status >= 500 ? 'Internal server error' : error.message;
}

/**
 * A Nest app on Fastify with what every process shares: JSON logs carrying the request id, request
 * ids echoed back, `{detail}` errors, strict validation, HTTP metrics, graceful shutdown.
 */
export async function createHttpApp(
  module: Type<unknown> | DynamicModule,
  opts: HttpAppOptions,
): Promise<NestFastifyApplication> {
  const logger = createLogger(opts.service, opts.logLevel);
  const adapter = new FastifyAdapter({
    logger: { ...loggerOptions(opts.service, opts.logLevel), level: opts.logLevel ?? process.env.LOG_LEVEL ?? 'info' },
    trustProxy: opts.trustProxyHops ? opts.trustProxyHops : false,
    bodyLimit: opts.bodyLimitBytes ?? 1024 * 1024,
    requestIdHeader: false,
    genReqId: (req: IncomingMessage) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // A path parameter as long as the longest the document allows (a capability token, 512; a chat
    // session id, 128): fastify's default of 100 refused longer ones with 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_PARAMETER },
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Errors Fastify meets before routing (no Nest filter sees them) leave as `{detail}` too.
    frameworkErrors: (error: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
      const status = frameworkErrorStatus(error);
      if (status >= 500) req.log.error({ err: error }, 'request failed before routing');
      void reply.code(status).send({ detail: frameworkErrorDetail(error, req.url, status) });
    },
  });
  const fastify = adapter.getInstance();
  const section = sectionOf(opts);
  const routes: RegisteredRoute[] = [];
  registered.set(fastify, routes);
  fastify.addHook('onRoute', (route) => {
    // Probes and scrapes arrive every few seconds: keep them out of the request log.
    if (['/health', '/ready', '/metrics'].includes(route.url)) route.logLevel = 'silent';
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' || !routes.some((r) => r.method === 'GET' && r.path === route.url))
        routes.push({ method, path: route.url });
    }
  });
  // Checked once every route is in (the service's own at Nest's init, the gateway's after): before listening.
  fastify.addHook('onReady', async () => {
    const missing = section === false ? [] : undeclaredRoutes(section, routes);
    if (missing.length) throw new UndeclaredRoutesError(opts.service, missing);
  });
  fastify.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  fastify.addHook('onResponse', async (req, reply) => {
    // A proxy names its upstream in `metricsRoute`; otherwise the matched route pattern.
    const route = (req as { metricsRoute?: string }).metricsRoute ?? req.routeOptions?.url ?? 'unmatched';
    httpDuration.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  const app = await NestFactory.create<NestFastifyApplication>(module as Type<unknown>, adapter, {
    logger: ['error', 'warn'],
    bufferLogs: false,
  });
  app.useGlobalPipes(validationPipe());
  app.useGlobalFilters(new AllExceptionsFilter(logger));
  app.useGlobalInterceptors(new EtagHeaderInterceptor());
  app.enableShutdownHooks();

  if (opts.openApi) {
    const config = new DocumentBuilder()
      .setTitle(opts.openApi.title)
      .setDescription(opts.openApi.description ?? '')
      .addBearerAuth()
      .build();
    const validated = documentValidation(app);
    const document = SwaggerModule.createDocument(app, config);
    documentPathParameters(document);
    // The ValidationPipe refuses properties a DTO does not declare (forbidNonWhitelisted): so does the schema.
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {}))
      if (validated.has(name) && !('$ref' in schema)) schema.additionalProperties = false;
    fastify.get('/openapi.json', async () => document);
  }
  return app;
}

/**
 * Where a process listens unless HOST says otherwise: the loopback interface only, so that a local
 * run is not reachable from the network (the services would be, past the gateway's checks).
 * Containers set HOST=0.0.0.0: there the platform's network (and its policies) decide who connects.
 */
export const DEFAULT_HOST = '127.0.0.1';

const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** HOST: the address to listen on, an IP address (0.0.0.0 or :: for every interface) or a host name. */
export function readHost(r: EnvReader): string {
  const host = r.str('HOST', DEFAULT_HOST);
  if (isIP(host) === 0 && !HOST_NAME.test(host)) {
    throw new ConfigError(`HOST must be an IP address (0.0.0.0 for every interface) or a host name, got "${host}"`);
  }
  return host;
}

/**
 * Listens on the given port (0 picks a free one) and host, and returns the base URL to reach it on
 * this machine (the loopback address when it listens on every interface).
 */
export async function listen(app: INestApplication, port: number, host = DEFAULT_HOST): Promise<string> {
  await app.listen(port, host);
  const address = app.getHttpServer().address();
  if (!address || typeof address !== 'object') return `http://127.0.0.1:${port}`;
  const ip = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.address;
  return `http://${isIP(ip) === 6 ? `[${ip}]` : ip}:${address.port}`;
}
