import type { OpenAPIObject } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { declaredLevel, GATEWAY_ROUTES, HTTP_METHODS, type AccessLevel } from '@sixa/contracts';

type Operation = {
  parameters?: Array<{ in?: string }>;
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  security?: Array<Record<string, string[]>>;
};

/** The one error body every answer of 400 and above has (ErrorBody in libs/contracts). */
const ERROR_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['detail'],
  properties: {
    detail: { type: 'string', description: 'What went wrong, in words a person reads.' },
    error_id: { type: 'string', description: 'On a 5xx: the id under which the server logged the failure.' },
    code: { type: 'string', description: 'Where the client acts on it: PASSWORD_EXPIRED, RATE_LIMITED.' },
    errors: {
      type: 'array',
      description: 'On a 400 for invalid input: each problem at its field.',
      items: {
        type: 'object',
        required: ['field', 'detail'],
        properties: { field: { type: 'string' }, detail: { type: 'string' } },
      },
    },
  },
};

const ERROR_CONTENT = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

const WHY: Record<number, string> = {
  400: 'The request is not valid: the body, a parameter or a header (`detail`, and `errors` per field).',
  401: 'No valid access token: sign in (or refresh) and try again.',
  403: "The caller's role may not do this, or the record is another user's.",
  404: 'No such record, or one the caller may not see.',
  409: 'The record is not in a state that allows it, a unique value is taken, or it changed since it was read (`If-Match`).',
  413: 'The body is larger than this route takes.',
  414: 'The address is longer than the gateway takes (a path segment or the query string).',
  429: 'A rate limit was reached (`Retry-After` says when to try again).',
  503: 'The service behind this route cannot answer now (`Retry-After` where it knows).',
};

/**
 * The errors an operation can give, by what the shared machinery does with a route of its kind: the
 * gateway's token and role checks (401 on every route but public ones, 403 above `any`), validation
 * (400 wherever there is a body or a parameter), records by id (404), conditional writes and unique
 * indexes (409 on every write), body limits (413 on every write), rate limits (429) and an
 * unreachable service (503) on every route.
 */
export function errorAnswersOf(method: string, path: string, level: AccessLevel, op: Operation): number[] {
  const write = method !== 'GET';
  const codes: number[] = [];
  if (write || op.requestBody || (op.parameters?.length ?? 0) > 0) codes.push(400);
  if (level !== 'public') codes.push(401);
  if (level === 'employee' || level === 'admin') codes.push(403);
  if (/\{[^}]+\}/.test(path)) codes.push(404);
  if (write) codes.push(409, 413);
  codes.push(414, 429, 503);
  return codes;
}

/** The answers with the one error body on each error a route declared itself (@ApiNotFoundResponse, ...). */
function withErrorBody(answers: Operation['responses']): Record<string, { description?: string; content?: unknown }> {
  const responses: Record<string, { description?: string; content?: unknown }> = {};
  for (const [code, answer] of Object.entries(answers ?? {}))
    responses[code] = Number(code) >= 400 ? { content: ERROR_CONTENT, ...(answer as object) } : (answer as object);
  return responses;
}

/**
 * Completes the merged document with what every operation shares: the error schema and the errors the
 * operation can give (errorAnswersOf), and its security (none on public routes, the bearer token on
 * the others), by the route's row in ROUTE_ACCESS. Answers a service documented itself are kept.
 */
export function withSharedAnswers(doc: OpenAPIObject): OpenAPIObject {
  const paths: OpenAPIObject['paths'] = {};
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const pattern = path.replace(/^\/api(?=\/)/, '').replace(/\{([^}]+)\}/g, ':$1');
    const completed: Record<string, unknown> = { ...item };
    for (const method of HTTP_METHODS) {
      const op = (item as Record<string, Operation | undefined>)[method.toLowerCase()];
      // The services' routes (ROUTE_ACCESS); the gateway's own few document themselves.
      const level = op && path.startsWith('/api/') ? declaredLevel(method, pattern) : undefined;
      if (op && !level && GATEWAY_ROUTES[`${method} ${path}` as keyof typeof GATEWAY_ROUTES] === 'public')
        completed[method.toLowerCase()] = { ...op, responses: withErrorBody(op.responses), security: [] };
      if (!op || !level) continue;
      // Not served under /api (the gateway answers 404): not part of the document.
      if (level === 'internal') {
        delete completed[method.toLowerCase()];
        continue;
      }
      const responses = withErrorBody(op.responses);
      for (const code of errorAnswersOf(method, path, level, op))
        responses[String(code)] ??= { description: WHY[code], content: ERROR_CONTENT };
      completed[method.toLowerCase()] = {
        ...op,
        responses,
        security: level === 'public' ? [] : [{ bearer: [] }],
      };
    }
    if (HTTP_METHODS.some((m) => m.toLowerCase() in completed)) paths[path] = completed;
  }
  withLinks(paths);
  return {
    ...doc,
    paths,
    components: {
      ...doc.components,
      schemas: { ...doc.components?.schemas, Error: ERROR_SCHEMA },
      securitySchemes: {
        ...doc.components?.securitySchemes,
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
    },
  };
}

type LinkedOperation = { operationId?: string; responses?: Record<string, { links?: Record<string, unknown> }> };

/**
 * Links from each create (POST /x answering 201) to the operations on what it made (/x/{id}, and
 * /x/{id}/...): the new record's `id` from the answer's body is their `id` parameter. Clients and
 * stateful tests follow them from one call to the next.
 */
export function withLinks(paths: OpenAPIObject['paths']): void {
  for (const [path, item] of Object.entries(paths)) {
    const created = (item.post as LinkedOperation | undefined)?.responses?.['201'];
    if (!created) continue;
    const links: Record<string, unknown> = {};
    for (const [other, otherItem] of Object.entries(paths)) {
      if (!other.startsWith(`${path}/{id}`) || (other.match(/\{/g) ?? []).length !== 1) continue;
      for (const method of HTTP_METHODS) {
        const op = (otherItem as Record<string, LinkedOperation | undefined>)[method.toLowerCase()];
        if (op?.operationId)
          links[op.operationId] = { operationId: op.operationId, parameters: { id: '$response.body#/id' } };
      }
    }
    if (Object.keys(links).length) created.links = { ...created.links, ...links };
  }
}
