import type { DocumentTemplate, DocumentVersion } from '@sixa/contracts';
import { http, realEngine } from '@sixa/testing';
import { startDocumentsService } from '../src/app.module';
import { newDocument, newTemplate, startDocuments } from './factories';

/**
 * Two documents replicas on one database, as production runs them. Correctness here comes from the
 * engine (atomic single-document updates, unique indexes and _id), not from anything inside a process:
 * on the real engine the store adapter serialises nothing. The local default engine is not atomic,
 * so these run only against a real engine (SIXA_REAL_MONGO=1).
 */
describe('documents with two replicas on one store (real engine)', () => {
  let a: Awaited<ReturnType<typeof startDocuments>>;
  let b: Awaited<ReturnType<typeof startDocumentsService>>;

  beforeAll(async () => {
    if (!realEngine.enabled) return;
    a = await startDocuments();
    b = await startDocumentsService(a.config);
  });
  afterAll(async () => {
    if (!realEngine.enabled) return;
    await b.app.close();
    await a.stop();
  });

  const on = (url: string) => ({
    post: (path: string, body?: unknown) => http(url, 'POST', path, { token: a.employee, body }),
    put: (path: string, body: unknown) => http(url, 'PUT', path, { token: a.employee, body }),
    get: (path: string) => http(url, 'GET', path, { token: a.employee }),
  });

  realEngine.it('counts every use of a template made on either replica', async () => {
    const t = (await on(a.url).post('/document-templates', newTemplate())).body as DocumentTemplate;
    const made = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        on(i % 2 ? b.url : a.url).post('/documents', {
          title: `Use ${i}`,
          template_id: t.id,
          variables: { customer_name: `C${i}`, amount: i },
        }),
      ),
    );
    expect(made.every((r) => r.status === 201)).toBe(true);
    expect((await on(b.url).get(`/document-templates/${t.id}`)).body.usage_count).toBe(20);
  });

  realEngine.it('makes one version per content edit when both replicas edit at once', async () => {
    const doc = (await on(a.url).post('/documents', newDocument({ content: 'v1' }))).body;
    const edits = await Promise.all(
      Array.from({ length: 8 }, (_, i) => on(i % 2 ? b.url : a.url).put(`/documents/${doc.id}`, { content: `e${i}` })),
    );
    expect(edits.map((r) => r.status)).toEqual(Array(8).fill(200));
    const versions = (await on(b.url).get(`/documents/${doc.id}/versions`)).body as DocumentVersion[];
    expect(versions.map((v) => v.version)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(new Set(versions.map((v) => v.content)).size).toBe(9);
  });

  realEngine.it('moves a document once when both replicas are asked at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      const doc = (await on(a.url).post('/documents', newDocument())).body;
      const answers = await Promise.all([
        on(a.url).put(`/documents/${doc.id}`, { status: 'active', rev: doc.rev }),
        on(b.url).put(`/documents/${doc.id}`, { status: 'active', rev: doc.rev }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    }
  });

  realEngine.it('seeds the sample data once when both replicas seed at once', async () => {
    const runs = await Promise.all(
      [a.url, b.url, a.url, b.url].map((url) => on(url).post('/documents/initialize-sample-data')),
    );
    const total = (key: string) => runs.reduce((n, r) => n + (r.body.created[key] as number), 0);
    expect([total('categories'), total('templates'), total('documents')]).toEqual([4, 4, 4]);
    const templates = (await http(a.url, 'GET', '/document-templates?q=Sales%20Quote', { token: a.admin }))
      .body as DocumentTemplate[];
    expect(templates.map((t) => t.usage_count)).toEqual([1]);
  });
});
