import type { Document, DocumentCategoryWithCounts, DocumentTemplate } from '@sixa/contracts';
import { http } from '@sixa/testing';
import { newDocument, newStaff, newTemplate, startDocuments, type DocumentsContext } from './factories';

/** Categories with their counts, and the sample data, through the gateway. */
describe('document categories and sample data, through the gateway', () => {
  let ctx: DocumentsContext;

  beforeAll(async () => {
    ctx = await startDocuments();
  });
  afterAll(async () => {
    await ctx?.stop();
  });

  const categories = async (token: string) =>
    (await ctx.as(token).get('/document-categories')).body as DocumentCategoryWithCounts[];

  it('counts the templates and documents in each category that the caller may read', async () => {
    const created = await ctx.as(ctx.employee).post('/document-categories', {
      name: 'Contracts',
      description: 'Signed paper',
      color: '#722ed1',
      icon: 'safety',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Contracts', template_count: 0, document_count: 0 });
    const category_id = created.body.id as string;

    await ctx.as(ctx.employee).post('/document-templates', newTemplate({ category_id }));
    await ctx.as(ctx.employee).post('/document-templates', newTemplate({ category_id }));
    await ctx.as(ctx.employee).post('/documents', newDocument({ category_id, access_level: 'team' }));
    const other = await newStaff(ctx);
    const hidden = await ctx.as(other.token).post('/documents', newDocument({ category_id }));
    expect(hidden.body.access_level).toBe('private');

    const mine = (await categories(ctx.employee)).find((c) => c.id === category_id)!;
    expect(mine).toMatchObject({ template_count: 2, document_count: 1 });
    const theirs = (await categories(other.token)).find((c) => c.id === category_id)!;
    expect(theirs).toMatchObject({ template_count: 2, document_count: 2 });
    const admin = (await categories(ctx.admin)).find((c) => c.id === category_id)!;
    expect(admin.document_count).toBe(2);

    // A deleted document is no longer counted.
    await ctx.as(other.token).delete(`/documents/${hidden.body.id}`);
    expect((await categories(ctx.admin)).find((c) => c.id === category_id)!.document_count).toBe(1);
  });

  it('refuses a second category of the same name (409) and a bad colour (400)', async () => {
    await ctx.as(ctx.employee).post('/document-categories', { name: 'Finance ops' });
    const again = await ctx.as(ctx.admin).post('/document-categories', { name: '  finance OPS ' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/exists/);
    const bad = await ctx.as(ctx.admin).post('/document-categories', { name: 'Colours', color: 'red' });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/color must be a hex colour/);
  });

  it('seeds sample data once: a second run creates nothing and the counts stay the same', async () => {
    const first = await ctx.as(ctx.employee).post('/documents/initialize-sample-data');
    expect(first.status).toBe(200);
    expect(first.body.created).toEqual({ categories: 4, templates: 4, documents: 4 });
    const snapshot = async () => ({
      categories: (await categories(ctx.admin)).map((c) => [c.name, c.template_count, c.document_count]),
      templates: ((await ctx.as(ctx.admin).get('/document-templates')).body as DocumentTemplate[]).map((t) => [
        t.title,
        t.usage_count,
      ]),
      documents: ((await ctx.as(ctx.admin).get('/documents')).body as Document[]).length,
    });
    const before = await snapshot();
    // The gateway's initialize-mock-data calls it without a token.
    const second = await http(ctx.url, 'POST', '/documents/initialize-sample-data');
    expect(second.status).toBe(200);
    expect(second.body.created).toEqual({ categories: 0, templates: 0, documents: 0 });
    const mock = await http(ctx.api, 'POST', '/initialize-mock-data');
    expect(mock.body.results).toMatchObject({ auth: 'ok', documents: 'ok' });
    expect(await snapshot()).toEqual(before);

    const quote = (
      (await ctx.as(ctx.employee).get('/document-templates?q=Sales%20Quote')).body as DocumentTemplate[]
    )[0];
    expect(quote.variables).toContain('customer_name');
    expect(quote.usage_count).toBe(1);
    const made = ((await ctx.as(ctx.employee).get(`/documents?template_id=${quote.id}`)).body as Document[])[0];
    expect(made.content).toContain('Prepared for Maria Gonzalez');
    // The private sample template (an offer letter) is the admins' only.
    const titles = ((await ctx.as(ctx.employee).get('/document-templates')).body as DocumentTemplate[]).map(
      (t) => t.title,
    );
    expect(titles).not.toContain('Offer Letter');
  });

  it('seeds the same data when two runs race', async () => {
    const fresh = await startDocuments();
    try {
      const runs = await Promise.all(
        [1, 2, 3].map(() => fresh.as(fresh.admin).post('/documents/initialize-sample-data')),
      );
      expect(runs.map((r) => r.status)).toEqual([200, 200, 200]);
      const total = (key: 'categories' | 'templates' | 'documents') =>
        runs.reduce((n, r) => n + (r.body.created[key] as number), 0);
      expect([total('categories'), total('templates'), total('documents')]).toEqual([4, 4, 4]);
      expect(((await fresh.as(fresh.admin).get('/document-categories')).body as unknown[]).length).toBe(4);
      expect(((await fresh.as(fresh.admin).get('/documents')).body as unknown[]).length).toBe(4);
      const templates = (await fresh.as(fresh.admin).get('/document-templates')).body as DocumentTemplate[];
      expect(templates.map((t) => t.usage_count).sort()).toEqual([0, 0, 1, 1]);
    } finally {
      await fresh.stop();
    }
  });

  it('exists only in demo mode', async () => {
    const prod = await startDocuments({ demoMode: false });
    try {
      expect((await prod.as(prod.admin).post('/documents/initialize-sample-data')).status).toBe(404);
    } finally {
      await prod.stop();
    }
  });
});
