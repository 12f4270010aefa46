import { LEAD_SOURCES, LEAD_STATUSES, type Lead } from '@sixa/contracts';
import { http, sleep } from '@sixa/testing';
import { startCrmService } from '../src/app.module';
import { LeadsRepository } from '../src/leads/leads.repository';
import type { ListLeadsQuery } from '../src/leads/leads.query';
import { startCrm } from './factories';

/**
 * The leads table is served from an in-memory index (FerretDB v1 cannot sort or page in storage):
 * every query must answer exactly what the database answers, and replicas must see each other's
 * writes.
 */
describe('leads index (real Kafka and database)', () => {
  let ctx: Awaited<ReturnType<typeof startCrm>>;
  let repo: LeadsRepository;

  beforeAll(async () => {
    ctx = await startCrm();
    repo = ctx.app.get(LeadsRepository);
    const words = ['Orion', 'Vega', 'Lyra', 'Draco', 'Hydra', 'Cygnus'];
    for (let i = 0; i < 36; i++) {
      const res = await http(ctx.url, 'POST', '/leads', {
        token: ctx.employee,
        body: {
          name: `${words[i % 6]} ${i % 4 === 0 ? 'smith' : 'Jones'} ${i}`,
          email: `lead${i}.${Date.now()}@${i % 3 ? 'gmail.com' : `${words[i % 6].toLowerCase()}.io`}`,
          company: words[(i * 5) % 6],
          phone: i % 2 ? '+1 555 0100' : '',
          source: LEAD_SOURCES[i % 5],
          notes: i % 3 === 0 ? 'Asked for pricing and a demo for the whole team next week.' : '',
        },
      });
      expect(res.status).toBe(201);
      // Statuses change the score and the conversion rate.
      if (i % 4) {
        await http(ctx.url, 'PUT', `/leads/${res.body.id}`, {
          token: ctx.employee,
          body: { ...res.body, status: LEAD_STATUSES[i % 5] },
        });
      }
    }
  });
  afterAll(() => ctx.stop());

  const queries: ListLeadsQuery[] = [
    {},
    { limit: 10 },
    { limit: 10, offset: 30 },
    { sort: 'score' },
    { sort: '-score', limit: 7, offset: 3 },
    { sort: 'name' },
    { sort: '-name', limit: 5 },
    { sort: 'created_at' },
    { label: 'Hot' },
    { label: 'Warm', sort: 'score' },
    { label: 'Cold', limit: 3, offset: 2 },
    { status: 'converted' },
    { source: 'Referral', sort: '-score' },
    { q: 'SMITH' },
    { q: 'vega.io' },
    { q: 'lyra', status: 'qualified' },
    { q: 'no such lead' },
  ];

  it.each(queries)('answers %j exactly as the database does', async (q) => {
    expect(repo.indexLoaded).toBe(true);
    const fromIndex = await repo.list(q);
    const fromDb = await repo.listFromDatabase(q);
    expect(fromIndex.total).toBe(fromDb.total);
    expect(fromIndex.items.map((l: Lead) => l.id)).toEqual(fromDb.items.map((l: Lead) => l.id));
    expect(fromIndex.items).toEqual(fromDb.items);
  });

  it('a second replica loads the index at start and follows the first one’s writes through the events', async () => {
    const other = await startCrmService({ ...ctx.config, port: 0 });
    try {
      const otherRepo = other.app.get(LeadsRepository);
      for (let i = 0; i < 100 && !otherRepo.indexLoaded; i++) await sleep(100);
      expect(otherRepo.index.size).toBe(36);
      const created = await http(ctx.url, 'POST', '/leads', {
        token: ctx.employee,
        body: {
          name: 'Replica Test',
          email: `replica.${Date.now()}@umbrella.com`,
          company: 'Umbrella',
          phone: '',
          source: 'Website',
          notes: '',
        },
      });
      let seen = false;
      for (let i = 0; i < 100 && !seen; i++) {
        seen = otherRepo.index.has(created.body.id);
        if (!seen) await sleep(100);
      }
      expect(seen).toBe(true);
      const page = await http(other.url, 'GET', '/leads?limit=1', { token: ctx.employee });
      expect(page.body[0].id).toBe(created.body.id);
      expect(page.headers.get('x-total-count')).toBe('37');
      // Its e-mail is taken for the other replica too.
      const dup = await http(other.url, 'POST', '/leads', {
        token: ctx.employee,
        body: { ...created.body, id: undefined, label: undefined },
      });
      expect(dup.status).not.toBe(201);
    } finally {
      await other.app.close();
    }
  });
});
