import { TOPICS, type Document, type DocumentTemplate } from '@sixa/contracts';
import { EventRecorder } from '@sixa/testing';
import { newDocument, newTemplate, startDocuments, userIdOf, type DocumentsContext } from './factories';

/** Templates and documents made from them, called the way the browser calls them: through the gateway. */
describe('document templates, through the gateway', () => {
  let ctx: DocumentsContext;
  let recorder: EventRecorder;

  beforeAll(async () => {
    ctx = await startDocuments();
    recorder = await new EventRecorder(TOPICS.documents, (e) => e.type.startsWith('document')).start();
  });
  afterAll(async () => {
    await recorder?.stop();
    await ctx?.stop();
  });

  async function template(overrides: Record<string, unknown> = {}): Promise<DocumentTemplate> {
    const res = await ctx.as(ctx.employee).post('/document-templates', newTemplate(overrides));
    expect(res.status).toBe(201);
    return res.body;
  }

  it("sets created_by from the token, defaults access to team and lists the content's placeholders", async () => {
    const res = await ctx
      .as(ctx.employee)
      .post(
        '/document-templates',
        newTemplate({ content: 'Hi {{customer_name}} {{#if vip}}VIP{{/if}}', variables: [' extra ', ''] }),
      );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      created_by: userIdOf(ctx.employee),
      access_level: 'team',
      usage_count: 0,
      variables: ['customer_name', 'vip', 'extra'],
    });
    expect(res.body).not.toHaveProperty('_id');
    expect(res.body).not.toHaveProperty('outbox');
    const event = await recorder.waitFor((e) => e.type === 'document_template.created' && e.subject === res.body.id);
    expect(event.actor).toBe(userIdOf(ctx.employee));
  });

  it('refuses content that is not a template we render, saying why (400)', async () => {
    const res = await ctx.as(ctx.employee).post('/document-templates', newTemplate({ content: 'Hi {{{raw_html}}}' }));
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/unescaped output/);
  });

  it('makes a document whose content has {{customer_name}} filled in, and counts the use', async () => {
    const t = await template();
    const res = await ctx.as(ctx.employee).post('/documents', {
      title: 'Quote for Maria',
      template_id: t.id,
      variables: { customer_name: 'Maria Gonzalez', amount: '1,200.00' },
      created_by: 'current_user',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      content: '<p>Dear Maria Gonzalez, your total is 1,200.00.</p>',
      template_id: t.id,
      type: 'proposal',
      status: 'draft',
      version: 1,
      access_level: 'private',
      docusign_status: null,
      created_by: userIdOf(ctx.employee),
    });
    const after = await ctx.as(ctx.employee).get(`/document-templates/${t.id}`);
    expect(after.body.usage_count).toBe(1);
    const event = await recorder.waitFor((e) => e.type === 'document.created' && e.subject === res.body.id);
    expect(event.data).toMatchObject({ template_id: t.id, variables: ['customer_name', 'amount'] });
  });

  it('answers 400 naming every missing variable, and makes nothing', async () => {
    const t = await template({ content: '{{customer_name}} pays {{amount}} by {{due_date}}' });
    const res = await ctx.as(ctx.employee).post('/documents', {
      title: 'Incomplete',
      template_id: t.id,
      variables: { amount: 5 },
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('customer_name, due_date');
    expect(res.body.detail).not.toContain('amount');
    const after = await ctx.as(ctx.employee).get(`/document-templates/${t.id}`);
    expect(after.body.usage_count).toBe(0);
    const list = await ctx.as(ctx.employee).get(`/documents?template_id=${t.id}`);
    expect(list.body).toEqual([]);
  });

  it('escapes HTML in the values', async () => {
    const t = await template();
    const res = await ctx.as(ctx.employee).post('/documents', {
      title: 'Escaped',
      template_id: t.id,
      variables: { customer_name: '<img src=x onerror="alert(1)">', amount: 'A & B' },
    });
    expect(res.status).toBe(201);
    expect(res.body.content).toBe(
      '<p>Dear &lt;img src&#x3D;x onerror&#x3D;&quot;alert(1)&quot;&gt;, your total is A &amp; B.</p>',
    );
  });

  it('counts every use of a template, also when documents are made at the same time', async () => {
    const t = await template();
    const make = (i: number) =>
      ctx.as(ctx.employee).post('/documents', {
        title: `Parallel ${i}`,
        template_id: t.id,
        variables: { customer_name: `C${i}`, amount: i },
      });
    const results = await Promise.all([0, 1, 2, 3, 4].map(make));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const after = await ctx.as(ctx.admin).get(`/document-templates/${t.id}`);
    expect(after.body.usage_count).toBe(5);
  });

  it('previews with the values given and [name] for the rest, without counting a use', async () => {
    const t = await template();
    const res = await ctx
      .as(ctx.employee)
      .post(`/document-templates/${t.id}/preview`, { variables: { amount: '<9>' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      content: '<p>Dear [customer_name], your total is &lt;9&gt;.</p>',
      missing_variables: ['customer_name'],
    });
    expect((await ctx.as(ctx.employee).get(`/document-templates/${t.id}`)).body.usage_count).toBe(0);
  });

  it('refuses variables without a template and a document with neither content nor template (400)', async () => {
    const noTemplate = await ctx.as(ctx.employee).post('/documents', { title: 'x', variables: { a: 'b' } });
    expect(noTemplate.status).toBe(400);
    expect(noTemplate.body.detail).toMatch(/template_id/);
    const empty = await ctx.as(ctx.employee).post('/documents', { title: 'x' });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toMatch(/content is required/);
  });

  it('keeps private templates to their creator and admins (404 for others, absent from their lists)', async () => {
    const mine = await template({ access_level: 'private', title: 'Private template' });
    const other = (await ctx.as(ctx.admin).post('/document-templates', newTemplate({ access_level: 'private' })))
      .body as DocumentTemplate;
    expect((await ctx.as(ctx.employee).get(`/document-templates/${other.id}`)).status).toBe(404);
    expect((await ctx.as(ctx.employee).post(`/document-templates/${other.id}/preview`, {})).status).toBe(404);
    const made = await ctx.as(ctx.employee).post('/documents', { title: 'x', template_id: other.id, variables: {} });
    expect(made.status).toBe(404);
    const list = (await ctx.as(ctx.employee).get('/document-templates')).body as DocumentTemplate[];
    expect(list.map((t) => t.id)).toContain(mine.id);
    expect(list.map((t) => t.id)).not.toContain(other.id);
    expect((await ctx.as(ctx.admin).get(`/document-templates/${mine.id}`)).status).toBe(200);
  });

  it('lets the creator edit (with a revision) and delete; others who can read it get 403', async () => {
    const t = await template();
    const other = await ctx.as(ctx.admin).put(`/document-templates/${t.id}`, { title: 'By admin', rev: t.rev });
    expect(other.status).toBe(200);
    const stale = await ctx.as(ctx.employee).put(`/document-templates/${t.id}`, { title: 'Late', rev: t.rev });
    expect(stale.status).toBe(409);
    const adminOwned = (await ctx.as(ctx.admin).post('/document-templates', newTemplate())).body as DocumentTemplate;
    const refused = await ctx.as(ctx.employee).put(`/document-templates/${adminOwned.id}`, { title: 'Mine now' });
    expect(refused.status).toBe(403);
    const edited = await ctx.as(ctx.employee).put(`/document-templates/${t.id}`, { content: 'Only {{first}}' });
    expect(edited.status).toBe(200);
    expect(edited.body.variables).toEqual(['first']);
    const event = await recorder.waitFor(
      (e) => e.type === 'document_template.updated' && e.subject === t.id && e.data.changed_fields.includes('content'),
    );
    expect(event.data).toMatchObject({
      before: { variables: ['customer_name', 'amount'] },
      after: { variables: ['first'] },
    });
    expect((await ctx.as(ctx.employee).delete(`/document-templates/${t.id}`)).status).toBe(204);
    expect((await ctx.as(ctx.employee).get(`/document-templates/${t.id}`)).status).toBe(404);
  });

  it('answers a malformed template body with 400, not 500', async () => {
    const res = await ctx
      .as(ctx.employee)
      .post('/document-templates', { title: '', content: 5, access_level: 'world' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/title is required/);
    expect(res.body.detail).toMatch(/access level must be one of: private, team, organization/);
    const doc = await ctx.as(ctx.employee).post('/documents', newDocument({ variables: 'x' }));
    expect(doc.status).toBe(400);
  });

  it('filters the template and document lists by category', async () => {
    const cat = await ctx.as(ctx.employee).post('/document-categories', { name: `Filter ${Date.now()}` });
    expect(cat.status).toBe(201);
    const inCat = await template({ category_id: cat.body.id });
    await template();
    const templates = (await ctx.as(ctx.employee).get(`/document-templates?category_id=${cat.body.id}`)).body;
    expect(templates.map((t: DocumentTemplate) => t.id)).toEqual([inCat.id]);
    const doc = await ctx.as(ctx.employee).post('/documents', {
      title: 'In category',
      template_id: inCat.id,
      variables: { customer_name: 'A', amount: 1 },
    });
    expect(doc.body.category_id).toBe(cat.body.id);
    const docs = (await ctx.as(ctx.employee).get(`/documents?category_id=${cat.body.id}`)).body as Document[];
    expect(docs.map((d) => d.id)).toEqual([doc.body.id]);
    const unknown = await ctx.as(ctx.employee).post('/document-templates', newTemplate({ category_id: 'nope' }));
    expect(unknown.status).toBe(400);
  });
});
