import type { DocumentAuditTrail, DocumentVersion } from '@sixa/contracts';
import { http, sleep } from '@sixa/testing';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newDocument, newStaff, startDocuments, type DocumentsContext } from './factories';

/** Names, not ids: who made each version and who sent a document for signature, as the API answers them. */
describe('people named in documents', () => {
  let ctx: DocumentsContext;

  beforeAll(async () => {
    ctx = await startDocuments({ mailOutboxDir: await mkdtemp(join(tmpdir(), 'sixa-people-')) });
  });
  afterAll(async () => {
    await ctx?.stop();
  });

  const nameOf = async (token: string) => (await http(ctx.auth.url, 'GET', '/auth/me', { token })).body.name as string;

  async function eventually<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, ms = 20_000) {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (ok(value)) return value;
      if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
      await sleep(200);
    }
  }

  it('answers the name of who made each version and who sent it, and a new name once auth changes it', async () => {
    const staff = await newStaff(ctx);
    const adminName = await nameOf(ctx.admin);
    const made = await ctx
      .as(staff.token)
      .post(
        '/documents',
        newDocument({ content: 'First draft', access_level: 'team', signature_required: true, status: 'active' }),
      );
    expect(made.status).toBe(201);
    const edited = await ctx.as(ctx.admin).put(`/documents/${made.body.id}`, { content: 'Second draft' });
    expect(edited.status).toBe(200);

    const versions = (await ctx.as(staff.token).get(`/documents/${made.body.id}/versions`)).body as DocumentVersion[];
    expect(versions.map((v) => [v.version, v.created_by_name])).toEqual([
      [2, adminName],
      [1, staff.name],
    ]);

    const sent = await ctx
      .as(staff.token)
      .post(`/documents/${made.body.id}/send-for-signature`, { signers: [{ name: 'Ana', email: 'ana@example.com' }] });
    expect(sent.status).toBe(200);
    const trail = (await ctx.as(ctx.admin).get(`/documents/${made.body.id}/audit-trail`)).body as DocumentAuditTrail;
    expect(trail.envelope).toMatchObject({ sent_by: staff.id, sent_by_name: staff.name });

    // Renamed in auth: its event reaches documents, whose answers then carry the new name.
    const renamed = await http(ctx.auth.url, 'PUT', `/users/${staff.id}`, {
      token: ctx.admin,
      body: { name: `${staff.name} Renamed`, email: staff.email },
    });
    expect(renamed.status).toBe(200);
    // The consumer reads auth's topic from its start: in a test run that holds the users of every suite
    // before this one (one topic for all test stacks, see issue 27), so the rename may come late.
    await eventually(
      'the first version after the rename',
      async () => ((await ctx.as(ctx.admin).get(`/documents/${made.body.id}/versions`)).body as DocumentVersion[])[1],
      (v) => v.created_by_name === `${staff.name} Renamed`,
      90_000,
    );
    await eventually(
      'the sender after the rename',
      async () =>
        ((await ctx.as(ctx.admin).get(`/documents/${made.body.id}/audit-trail`)).body as DocumentAuditTrail).envelope,
      (e) => e?.sent_by_name === `${staff.name} Renamed`,
    );
  }, 150_000);

  it('names the system as System (the sample data)', async () => {
    expect((await ctx.as(ctx.admin).post('/documents/initialize-sample-data')).status).toBe(200);
    const sample = (await ctx.as(ctx.admin).get('/documents?q=Remote%20Work%20Policy')).body as Array<{ id: string }>;
    const versions = (await ctx.as(ctx.admin).get(`/documents/${sample[0].id}/versions`)).body as DocumentVersion[];
    expect(versions.map((v) => [v.created_by, v.created_by_name])).toEqual([['system', 'System']]);
  });
});
