import type { OpenAPIObject } from '@nestjs/swagger';
import { errorAnswersOf, withLinks, withSharedAnswers } from './openapi-answers';

const doc = (paths: OpenAPIObject['paths']): OpenAPIObject => ({
  openapi: '3.0.0',
  info: { title: 't', version: '1' },
  paths,
  components: { schemas: { Lead: { type: 'object' } } },
});

describe(withSharedAnswers.name, () => {
  it("gives each operation the errors of its kind, the one error schema, and its route's security", () => {
    const out = withSharedAnswers(
      doc({
        '/api/leads/{id}': {
          put: { responses: { '200': { description: 'ok' } }, requestBody: { content: {} } },
          get: { responses: { '200': { description: 'ok' } }, parameters: [{ name: 'id', in: 'path' }] },
        },
        '/api/auth/login': { post: { responses: { '200': { description: 'ok' } } } },
      }),
    );
    const put = out.paths['/api/leads/{id}']!.put!;
    expect(Object.keys(put.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '414',
      '429',
      '503',
    ]);
    expect(put.responses['409']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
    expect(put.security).toEqual([{ bearer: [] }]);
    // GET /leads/:id is for any signed-in user: no 403, and no 409 or 413 for a read.
    expect(Object.keys(out.paths['/api/leads/{id}']!.get!.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '404',
      '414',
      '429',
      '503',
    ]);
    // Sign-in is public: no token, so no 401 and no 403.
    const login = out.paths['/api/auth/login']!.post!;
    expect(login.security).toEqual([]);
    expect(Object.keys(login.responses).sort()).toEqual(['200', '400', '409', '413', '414', '429', '503']);
    expect(out.components?.schemas).toMatchObject({ Lead: {}, Error: { required: ['detail'] } });
    expect(out.components?.securitySchemes?.bearer).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  });

  it("keeps an answer the service documented itself, and leaves the gateway's own and undeclared routes alone", () => {
    const own = { description: 'Already refused as a duplicate e-mail' };
    const out = withSharedAnswers(
      doc({
        '/api/leads': { post: { responses: { '201': { description: 'made' }, '409': own } } },
        '/api/nowhere': { get: { responses: { '200': { description: 'ok' } } } },
        '/api': { get: { responses: { '200': { description: 'ok' } } } },
      }),
    );
    // Its own words, with the one error body.
    expect(out.paths['/api/leads']!.post!.responses['409']).toEqual({
      ...own,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
    expect(out.paths['/api/nowhere']!.get!.responses).toEqual({ '200': { description: 'ok' } });
    expect(out.paths['/api']!.get!.responses).toEqual({ '200': { description: 'ok' } });
    // The gateway's own public routes need no token.
    expect(out.paths['/api']!.get!.security).toEqual([]);
  });
});

describe(errorAnswersOf.name, () => {
  it('answers an admin-only delete by id with every refusal a write can get', () => {
    expect(errorAnswersOf('DELETE', '/api/users/{id}', 'admin', {})).toEqual([
      400, 401, 403, 404, 409, 413, 414, 429, 503,
    ]);
  });
});

describe('internal routes in a merged document', () => {
  it('are left out: the gateway does not serve them under /api', () => {
    const out = withSharedAnswers(
      doc({
        '/api/internal/rate-limits': { get: { responses: { '200': { description: 'ok' } } } },
        '/api/leads': { get: { responses: { '200': { description: 'ok' } } } },
      }),
    );
    expect(Object.keys(out.paths)).toEqual(['/api/leads']);
  });
});

describe(withLinks.name, () => {
  it('links a create to the operations on the record it made, by the id in its answer', () => {
    const paths: OpenAPIObject['paths'] = {
      '/api/leads': { post: { operationId: 'create', responses: { '201': { description: 'made' } } } },
      '/api/leads/{id}': {
        get: { operationId: 'get', responses: {} },
        put: { operationId: 'update', responses: {} },
      },
      '/api/leads/{id}/notes/{noteId}': { get: { operationId: 'note', responses: {} } },
      '/api/leads/stats': { get: { operationId: 'stats', responses: {} } },
    };
    withLinks(paths);
    expect(paths['/api/leads']!.post!.responses['201']).toEqual({
      description: 'made',
      links: {
        get: { operationId: 'get', parameters: { id: '$response.body#/id' } },
        update: { operationId: 'update', parameters: { id: '$response.body#/id' } },
      },
    });
  });
});
