import { TOPICS, type Document, type DocumentVersion } from '@sixa/contracts';
import { EventRecorder, http } from '@sixa/testing';
import { newDocument, newStaff, startDocuments, userIdOf, type DocumentsContext } from './factories';

/** Documents: versions, access levels, share links and states, through the gateway. */
describe('documents, through the gateway', () => {
  let ctx: DocumentsContext;
  let recorder: EventRecorder;

  beforeAll(async () => {
    ctx = await startDocuments();
    recorder = await new EventRecorder(TOPICS.documents, (e) => e.type.startsWith('document.')).start();
  });
  afterAll(async () => {
    await recorder?.stop();
    await ctx?.stop();
  });

  async function documentOf(token: string, overrides: Record<string, unknown> = {}): Promise<Document> {
    const res = await ctx.as(token).post('/documents', newDocument(overrides));
    expect(res.status).toBe(201);
    return res.body;
  }

  describe('versions', () => {
    it('makes a new version when the content is edited, and lists every version newest first', async () => {
      const doc = await documentOf(ctx.employee, { content: 'First draft' });
      expect(doc.version).toBe(1);
      const v2 = await ctx.as(ctx.employee).put(`/documents/${doc.id}`, { content: 'Second draft', rev: doc.rev });
      expect(v2.status).toBe(200);
      expect(v2.body).toMatchObject({ version: 2, content: 'Second draft' });
      const retitled = await ctx.as(ctx.employee).put(`/documents/${doc.id}`, { title: 'Renamed' });
      expect(retitled.body.version).toBe(2);
      const v3 = await ctx.as(ctx.employee).put(`/documents/${doc.id}`, { content: 'Third draft' });
      expect(v3.body.version).toBe(3);

      const res = await ctx.as(ctx.employee).get(`/documents/${doc.id}/versions`);
      expect(res.status).toBe(200);
      const versions = res.body as DocumentVersion[];
      expect(versions.map((v) => [v.version, v.content, v.current])).toEqual([
        [3, 'Third draft', true],
        [2, 'Second draft', false],
        [1, 'First draft', false],
      ]);
      expect(versions.every((v) => v.created_by === userIdOf(ctx.employee))).toBe(true);

      const event = await recorder.waitFor(
        (e) => e.type === 'document.updated' && e.subject === doc.id && e.data.after.version === 3,
      );
      expect(event.data).toMatchObject({ changed_fields: ['version', 'content'], before: { version: 2 } });
    });

    it('makes exactly one version per content edit when edits race', async () => {
      const doc = await documentOf(ctx.employee, { content: 'v1' });
      const edits = await Promise.all(
        [1, 2, 3, 4].map((i) => ctx.as(ctx.employee).put(`/documents/${doc.id}`, { content: `edit ${i}` })),
      );
      expect(edits.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const versions = (await ctx.as(ctx.employee).get(`/documents/${doc.id}/versions`)).body as DocumentVersion[];
      expect(versions.map((v) => v.version)).toEqual([5, 4, 3, 2, 1]);
      expect(new Set(versions.map((v) => v.content)).size).toBe(5);
    });

    it('refuses an edit made on an old revision (409), so nobody overwrites another', async () => {
      const doc = await documentOf(ctx.employee);
      await ctx.as(ctx.employee).put(`/documents/${doc.id}`, { content: 'theirs', rev: doc.rev });
      const late = await ctx.as(ctx.employee).put(`/documents/${doc.id}`, { content: 'mine', rev: doc.rev });
      expect(late.status).toBe(409);
      expect(late.body.detail).toMatch(/changed by someone else/);
    });

    it("refuses an edit holding another document's tag (409) and keeps no version for it; its own tag saves", async () => {
      const a = await documentOf(ctx.employee);
      const b = await documentOf(ctx.employee);
      const withTag = (tag: string, content: string) =>
        http(ctx.api, 'PUT', `/documents/${b.id}`, {
          token: ctx.employee,
          body: { content },
          headers: { 'if-match': tag },
        });
      const wrong = await withTag(a.etag, 'A form of another document');
      expect(wrong.status).toBe(409);
      expect(wrong.body.detail).toMatch(/^This form holds another record's data \(a different document\)/);
      expect((await ctx.as(ctx.employee).get(`/documents/${b.id}`)).body).toEqual(b);
      expect((await ctx.as(ctx.employee).get(`/documents/${b.id}/versions`)).body).toHaveLength(1);

      const saved = await withTag(b.etag, 'Second draft');
      expect(saved.status).toBe(200);
      expect(saved.headers.get('etag')).toBe(`"${saved.body.etag}"`);
      const again = await withTag(b.etag, 'From an old tab');
      expect(again.status).toBe(409);
      expect((await ctx.as(ctx.employee).get(`/documents/${b.id}`)).body.content).toBe('Second draft');
    });
  });

  describe('access levels', () => {
    it("hides another employee's private document: 404 everywhere, absent from lists", async () => {
      const other = await newStaff(ctx);
      const secret = await documentOf(other.token, { title: 'Salary review', access_level: 'private' });
      for (const path of [`/documents/${secret.id}`, `/documents/${secret.id}/versions`]) {
        const res = await ctx.as(ctx.employee).get(path);
        expect(res.status).toBe(404);
        expect(res.body.detail).toBe('Document not found');
      }
      expect((await ctx.as(ctx.employee).put(`/documents/${secret.id}`, { title: 'x' })).status).toBe(404);
      expect((await ctx.as(ctx.employee).delete(`/documents/${secret.id}`)).status).toBe(404);
      expect((await ctx.as(ctx.employee).post(`/documents/${secret.id}/share-link`)).status).toBe(404);
      // An unknown id answers the same.
      expect((await ctx.as(ctx.employee).get('/documents/0123456789abcdef01234567')).body.detail).toBe(
        'Document not found',
      );
      const list = await ctx.as(ctx.employee).get('/documents?q=Salary');
      expect(list.body).toEqual([]);
      expect(list.headers.get('x-total-count')).toBe('0');
      // Its creator and the admins read it.
      expect((await ctx.as(other.token).get(`/documents/${secret.id}`)).status).toBe(200);
      expect((await ctx.as(ctx.admin).get(`/documents/${secret.id}`)).status).toBe(200);
      const adminList = (await ctx.as(ctx.admin).get('/documents?q=Salary')).body as Document[];
      expect(adminList.map((d) => d.id)).toEqual([secret.id]);
    });

    it('shows team documents to all staff, who may read but not change them', async () => {
      const other = await newStaff(ctx);
      const team = await documentOf(other.token, { title: 'Team playbook', access_level: 'team' });
      expect((await ctx.as(ctx.employee).get(`/documents/${team.id}`)).status).toBe(200);
      const list = (await ctx.as(ctx.employee).get('/documents?q=Team%20playbook')).body as Document[];
      expect(list.map((d) => d.id)).toEqual([team.id]);
      const edit = await ctx.as(ctx.employee).put(`/documents/${team.id}`, { content: 'hijacked' });
      expect(edit.status).toBe(403);
      expect((await ctx.as(ctx.employee).delete(`/documents/${team.id}`)).status).toBe(403);
    });

    it('asks for a sign-in everywhere but the share link', async () => {
      const doc = await documentOf(ctx.employee, { access_level: 'team' });
      expect((await ctx.as().get(`/documents/${doc.id}`)).status).toBe(401);
      expect((await ctx.as().get('/documents')).status).toBe(401);
    });
  });

  describe('share links', () => {
    it('opens an organization document without signing in, until its owner revokes the link', async () => {
      const doc = await documentOf(ctx.employee, { access_level: 'organization', content: '<p>Price list</p>' });
      const link = await ctx.as(ctx.employee).post(`/documents/${doc.id}/share-link`);
      expect(link.status).toBe(200);
      expect(link.body.url).toBe(`${ctx.config.publicUrl}/api/documents/shared/${link.body.token}`);
      expect((await ctx.as(ctx.employee).get(`/documents/${doc.id}`)).body.shared).toBe(true);

      const open = await ctx.as().get(`/documents/shared/${link.body.token}`);
      expect(open.status).toBe(200);
      expect(open.body).toMatchObject({ id: doc.id, title: doc.title, content: '<p>Price list</p>' });
      expect(open.body).not.toHaveProperty('created_by');
      expect(open.body).not.toHaveProperty('share_token');
      // Read-only: the link gives no way to change it (the access table declares no such write: 405, read only).
      const write = await http(ctx.api, 'PUT', `/documents/shared/${link.body.token}`, { body: {} });
      expect([write.status, write.headers.get('allow')]).toEqual([405, 'GET, HEAD']);

      expect((await ctx.as(ctx.employee).delete(`/documents/${doc.id}/share-link`)).status).toBe(204);
      const revoked = await ctx.as().get(`/documents/shared/${link.body.token}`);
      expect(revoked.status).toBe(404);
      expect((await ctx.as(ctx.employee).get(`/documents/${doc.id}`)).body.shared).toBe(false);
    });

    it('replaces the old link with a new one, and drops it when the document is no longer for the organization', async () => {
      const doc = await documentOf(ctx.employee, { access_level: 'organization' });
      const first = (await ctx.as(ctx.employee).post(`/documents/${doc.id}/share-link`)).body;
      const second = (await ctx.as(ctx.employee).post(`/documents/${doc.id}/share-link`)).body;
      expect((await ctx.as().get(`/documents/shared/${first.token}`)).status).toBe(404);
      expect((await ctx.as().get(`/documents/shared/${second.token}`)).status).toBe(200);
      await ctx.as(ctx.employee).put(`/documents/${doc.id}`, { access_level: 'team' });
      expect((await ctx.as().get(`/documents/shared/${second.token}`)).status).toBe(404);
    });

    it('is only for organization documents (409) and only for their owner or an admin (403)', async () => {
      const team = await documentOf(ctx.employee, { access_level: 'team' });
      const refused = await ctx.as(ctx.employee).post(`/documents/${team.id}/share-link`);
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toMatch(/organization/);
      const org = await documentOf(ctx.admin, { access_level: 'organization' });
      expect((await ctx.as(ctx.employee).post(`/documents/${org.id}/share-link`)).status).toBe(403);
      expect((await ctx.as().get('/documents/shared/not-a-token')).status).toBe(404);
    });
  });

  describe('states', () => {
    it('moves draft → active → draft, and refuses any other move with 409', async () => {
      const doc = await documentOf(ctx.employee);
      expect(doc.status).toBe('draft');
      const wrong = await ctx.as(ctx.employee).put(`/documents/${doc.id}`, { status: 'signed' });
      expect(wrong.status).toBe(409);
      expect(wrong.body.detail).toBe('A draft document cannot become signed (it can become: active)');
      const pending = await ctx.as(ctx.employee).put(`/documents/${doc.id}`, { status: 'pending_signature' });
      expect(pending.status).toBe(409);
      const active = await ctx.as(ctx.employee).put(`/documents/${doc.id}`, { status: 'active' });
      expect(active.status).toBe(200);
      expect(active.body.status).toBe('active');
      const event = await recorder.waitFor((e) => e.type === 'document.status_changed' && e.subject === doc.id);
      expect(event.data).toMatchObject({ from: 'draft', to: 'active' });
      expect((await ctx.as(ctx.employee).put(`/documents/${doc.id}`, { status: 'draft' })).body.status).toBe('draft');
    });

    it('lets exactly one of two racing moves from the same state through', async () => {
      const doc = await documentOf(ctx.employee);
      const [a, b] = await Promise.all([
        ctx.as(ctx.employee).put(`/documents/${doc.id}`, { status: 'active', rev: doc.rev }),
        ctx.as(ctx.employee).put(`/documents/${doc.id}`, { status: 'active', rev: doc.rev }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
    });

    it('refuses a new document in a state the e-signature flow owns (400)', async () => {
      const res = await ctx.as(ctx.employee).post('/documents', newDocument({ status: 'signed' }));
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/draft or active/);
    });

    it('filters the list by status and type', async () => {
      const contract = await documentOf(ctx.employee, { type: 'contract', status: 'active', title: 'Filter me' });
      await documentOf(ctx.employee, { type: 'contract', title: 'Filter me' });
      const res = await ctx.as(ctx.employee).get('/documents?status=active&type=contract&q=Filter%20me');
      expect((res.body as Document[]).map((d) => d.id)).toEqual([contract.id]);
      expect((await ctx.as(ctx.employee).get('/documents?status=lost')).status).toBe(400);
    });

    it('deletes a document (its owner), which then is gone with its versions', async () => {
      const doc = await documentOf(ctx.employee);
      await ctx.as(ctx.employee).put(`/documents/${doc.id}`, { content: 'v2' });
      expect((await ctx.as(ctx.employee).delete(`/documents/${doc.id}`)).status).toBe(204);
      expect((await ctx.as(ctx.employee).get(`/documents/${doc.id}`)).status).toBe(404);
      expect((await ctx.as(ctx.employee).get(`/documents/${doc.id}/versions`)).status).toBe(404);
      await recorder.waitFor((e) => e.type === 'document.deleted' && e.subject === doc.id);
    });
  });
});
