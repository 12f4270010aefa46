import { http } from '@sixa/testing';
import { newLead, startCrm } from './factories';

describe('leads', () => {
  let ctx: Awaited<ReturnType<typeof startCrm>>;
  beforeAll(async () => {
    ctx = await startCrm();
  });
  afterAll(() => ctx.stop());

  const create = async (body: Record<string, unknown>) =>
    http(ctx.url, 'POST', '/leads', { token: ctx.employee, body });

  it.each([
    [
      'a referral from a company domain with full contact data',
      { source: 'Referral', phone: '+1 555 0100', notes: 'Wants a demo next week for the whole sales team.' },
      'Warm',
      75,
    ],
    ['a cold e-mail to a free-mail address', { source: 'Cold Email', email: `x${Date.now()}@gmail.com` }, 'Cold', 15],
    ['a conference lead from a company domain', { source: 'Conference', phone: '+44 20 7946 0000' }, 'Warm', 65],
    ['a website lead with nothing else', { source: 'Website' }, 'Cold', 50],
  ])('scores %s', async (_what, extra, label, score) => {
    const res = await create(newLead(extra));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ label, score, status: 'new' });
    const sum = res.body.score_factors.reduce((s: number, f: { points: number }) => s + f.points, 0);
    expect(sum).toBe(score);
  });

  it('labels Hot from 80: a qualified referral', async () => {
    const lead = (
      await create(
        newLead({ source: 'Referral', phone: '+1 555 0100', notes: 'Budget approved, decision this quarter.' }),
      )
    ).body;
    const res = await http(ctx.url, 'PUT', `/leads/${lead.id}`, {
      token: ctx.employee,
      body: {
        ...newLead(),
        email: lead.email,
        name: lead.name,
        company: lead.company,
        source: 'Referral',
        phone: '+1 555 0100',
        notes: 'Budget approved, decision this quarter.',
        status: 'qualified',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'qualified', score: 90, label: 'Hot' });
  });

  it.each([
    [{ source: 'Billboard' }, /source must be one of/],
    [{ name: '' }, /name is required/],
    [{ company: undefined }, /company/],
    [{ email: 'nope' }, /valid e-mail/],
    [{ score: 100 }, /score is not a field this request takes/],
  ])('refuses %j with 400 and stores nothing', async (extra, detail) => {
    const body = newLead(extra);
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(detail);
    const found = await http(ctx.url, 'GET', `/leads?q=${encodeURIComponent(String(body.email))}&limit=5`, {
      token: ctx.employee,
    });
    expect(found.body).toEqual([]);
  });

  it('refuses a duplicate e-mail with 409', async () => {
    const body = newLead();
    await create(body);
    const res = await create({ ...body, email: body.email.toUpperCase() });
    expect(res).toMatchObject({ status: 409, body: { detail: `A lead with the email ${body.email} already exists` } });
  });

  it('pages, filters and counts on the server, newest first', async () => {
    const tag = `pg${Date.now()}`;
    for (let i = 0; i < 5; i++) await create(newLead({ company: `${tag} ${i}` }));
    const page = await http(ctx.url, 'GET', `/leads?q=${tag}&limit=2&offset=0`, { token: ctx.employee });
    expect(page.headers.get('x-total-count')).toBe('5');
    expect(page.body.map((l: { company: string }) => l.company)).toEqual([`${tag} 4`, `${tag} 3`]);
    const hot = await http(ctx.url, 'GET', '/leads?label=Hot&limit=200', { token: ctx.employee });
    expect(hot.body.every((l: { score: number }) => l.score >= 80)).toBe(true);
    const bad = await http(ctx.url, 'GET', '/leads?limit=5000', { token: ctx.employee });
    expect(bad.status).toBe(400);
  });

  it('reads deep pages with a keyset cursor: every lead once, in order, for each sort the table offers', async () => {
    const tag = `ks${Date.now()}`;
    for (let i = 0; i < 7; i++)
      await create(newLead({ company: `${tag} ${i}`, name: `${tag} ${String.fromCharCode(72 - i)}` }));
    for (const sort of ['-created_at', 'created_at', '-score', 'name', '-name']) {
      const byOffset = (await http(ctx.url, 'GET', `/leads?q=${tag}&sort=${sort}`, { token: ctx.employee })).body;
      const seen: string[] = [];
      let after: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof http>> = await http(
          ctx.url,
          'GET',
          `/leads?q=${tag}&sort=${sort}&limit=3${after ? `&after=${after}` : ''}`,
          { token: ctx.employee },
        );
        expect(page.headers.get('x-total-count')).toBe('7');
        seen.push(...page.body.map((l: { id: string }) => l.id));
        after = page.headers.get('x-next-cursor');
      } while (after);
      expect(seen).toEqual(byOffset.map((l: { id: string }) => l.id));
    }
    const forged = await http(ctx.url, 'GET', '/leads?limit=3&after=bm90LWEtY3Vyc29y', { token: ctx.employee });
    expect(forged.status).toBe(400);
    expect(forged.body.detail).toMatch(/after is not a cursor/);
  });

  it('refuses an edit made on a stale revision with 409, and applies one on the current revision', async () => {
    const lead = (await create(newLead())).body;
    expect(lead.rev).toBe(0);
    const body = { name: lead.name, email: lead.email, company: lead.company, source: lead.source };
    const first = await http(ctx.url, 'PUT', `/leads/${lead.id}`, {
      token: ctx.employee,
      body: { ...body, notes: 'first editor', rev: 0 },
    });
    expect(first.body).toMatchObject({ notes: 'first editor', rev: 1 });
    const second = await http(ctx.url, 'PUT', `/leads/${lead.id}`, {
      token: ctx.employee,
      body: { ...body, notes: 'second editor, who read revision 0', rev: 0 },
    });
    expect(second.status).toBe(409);
    expect(second.body.detail).toMatch(/changed by someone else since you opened it/);
    expect((await http(ctx.url, 'GET', `/leads/${lead.id}`, { token: ctx.employee })).body.notes).toBe('first editor');
  });

  it('answers GET /leads without parameters with every lead (the spec shape)', async () => {
    const all = await http(ctx.url, 'GET', '/leads', { token: ctx.employee });
    expect(Array.isArray(all.body)).toBe(true);
    expect(all.body.length).toBe(Number(all.headers.get('x-total-count')));
  });

  it('computes the conversion rate from the data', async () => {
    const stats = await http(ctx.url, 'GET', '/leads/stats', { token: ctx.employee });
    expect(stats.status).toBe(200);
    const before = stats.body;
    const lead = (await create(newLead())).body;
    await http(ctx.url, 'PUT', `/leads/${lead.id}`, {
      token: ctx.employee,
      body: { name: lead.name, email: lead.email, company: lead.company, source: lead.source, status: 'converted' },
    });
    const after = (await http(ctx.url, 'GET', '/leads/stats', { token: ctx.employee })).body;
    expect(after.total_leads).toBe(before.total_leads + 1);
    const all = (await http(ctx.url, 'GET', '/leads', { token: ctx.employee })).body as Array<{
      status: string;
      score: number;
    }>;
    const converted = all.filter((l) => l.status === 'converted').length;
    expect(after.conversion_rate).toBe(Math.round((converted / all.length) * 1000) / 10);
    expect(after.hot_leads).toBe(all.filter((l) => l.score >= 80).length);
    expect(after.avg_score).toBe(Math.round((all.reduce((s, l) => s + l.score, 0) / all.length) * 10) / 10);
  });

  it('lets an admin override a score (kept and marked) and refuses an employee', async () => {
    const lead = (await create(newLead())).body;
    const body = { name: lead.name, email: lead.email, company: lead.company, source: lead.source };
    expect(
      (await http(ctx.url, 'PUT', `/leads/${lead.id}`, { token: ctx.employee, body: { ...body, score_override: 95 } }))
        .status,
    ).toBe(403);
    const res = await http(ctx.url, 'PUT', `/leads/${lead.id}`, {
      token: ctx.admin,
      body: { ...body, score_override: 95 },
    });
    expect(res.body).toMatchObject({ score: 95, label: 'Hot', score_override: 95 });
    expect(res.body.score_factors.at(-1).factor).toBe('Set by an admin');
    const again = await http(ctx.url, 'PUT', `/leads/${lead.id}`, {
      token: ctx.employee,
      body: { ...body, notes: 'a longer note that adds detail to the lead' },
    });
    expect(again.body.score).toBe(95);
  });

  describe('CSV', () => {
    const csv = (rows: string[]) => ['name,email,company,phone,source,notes', ...rows].join('\n');

    it('imports nothing when any row is rejected, and says which and why', async () => {
      const ok = `Good Row,good${Date.now()}@acme.com,Acme,,Website,`;
      const res = await http(ctx.url, 'POST', '/leads/import', {
        token: ctx.employee,
        rawBody: csv([
          ok,
          `Bad Source,bad${Date.now()}@acme.com,Acme,,Billboard,`,
          `,noname${Date.now()}@acme.com,Acme,,Website,`,
        ]),
        headers: { 'content-type': 'text/csv' },
      });
      expect(res.status).toBe(200);
      expect(res.body.imported).toBe(0);
      expect(res.body.rejected.map((r: { row: number }) => r.row)).toEqual([3, 4]);
      expect(res.body.rejected[0].reason).toMatch(/source must be one of/);
      const found = await http(ctx.url, 'GET', `/leads?q=good${''}&limit=200`, { token: ctx.employee });
      expect(found.body.some((l: { name: string }) => l.name === 'Good Row')).toBe(false);
    });

    it('imports every row of a clean file and exports them again', async () => {
      const tag = Date.now();
      const res = await http(ctx.url, 'POST', '/leads/import', {
        token: ctx.employee,
        rawBody: csv([
          `"Quoted, Name",imp1.${tag}@acme.com,Acme,+1 555,Referral,"notes with ""quotes"""`,
          `Second,imp2.${tag}@acme.com,Beta,,LinkedIn,`,
        ]),
        headers: { 'content-type': 'text/csv' },
      });
      expect(res.body).toEqual({ imported: 2, rejected: [] });
      const exported = await http(ctx.url, 'GET', '/leads/export.csv', { token: ctx.employee });
      expect(exported.headers.get('content-type')).toMatch(/text\/csv/);
      expect(exported.body).toContain(
        `"Quoted, Name",imp1.${tag}@acme.com,Acme,+1 555,Referral,"notes with ""quotes"""`,
      );
    });
  });
});
