import type { Lead } from '@sixa/contracts';
import { LeadsIndex } from './leads-index';

const entry = (id: string, over: Partial<Lead> & { created?: number } = {}): Lead => {
  const { created = 1000, ...rest } = over;
  return {
    id,
    name: `Lead ${id}`,
    email: `${id}@acme.com`,
    company: 'Acme',
    phone: '',
    notes: '',
    status: 'new',
    source: 'Website',
    score: 50,
    label: 'Cold',
    score_factors: [],
    score_override: null,
    created_by: 'u1',
    created_at: new Date(created).toISOString(),
    updated_at: new Date(created).toISOString(),
    ...rest,
  };
};
const ids = (r: { items: Lead[] }) => r.items.map((l) => l.id);

describe(LeadsIndex.name, () => {
  const index = new LeadsIndex();
  const page = (q: Parameters<LeadsIndex['query']>[0]) => {
    const r = index.query(q);
    return { ids: ids(r), total: r.total };
  };
  index.put(entry('a1', { score: 90, created: 3000, name: 'Zed', status: 'converted' }));
  index.put(entry('a2', { score: 65, created: 2000, name: 'amy', source: 'Referral', company: 'Globex' }));
  index.put(entry('a3', { score: 65, created: 2000, name: 'Bob' }));
  index.put(entry('a4', { score: 10, created: 1000, name: 'Cy', email: 'cy@initech.io' }));

  it('pages newest first, ties newest id first, with the total of the match', () => {
    expect(page({})).toEqual({ ids: ['a1', 'a3', 'a2', 'a4'], total: 4 });
    expect(page({ limit: 2, offset: 1 })).toEqual({ ids: ['a3', 'a2'], total: 4 });
    expect(page({ sort: 'score' })).toEqual({ ids: ['a4', 'a3', 'a2', 'a1'], total: 4 });
    expect(ids(index.query({ sort: '-score' }))).toEqual(['a1', 'a3', 'a2', 'a4']);
    // Binary order, as the database compares strings: upper case before lower case.
    expect(ids(index.query({ sort: 'name' }))).toEqual(['a3', 'a4', 'a1', 'a2']);
  });

  it('filters by label, status, source and a case-insensitive search of name, e-mail and company', () => {
    expect(ids(index.query({ label: 'Hot' }))).toEqual(['a1']);
    expect(ids(index.query({ label: 'Warm' }))).toEqual(['a3', 'a2']);
    expect(ids(index.query({ label: 'Cold' }))).toEqual(['a4']);
    expect(ids(index.query({ status: 'converted' }))).toEqual(['a1']);
    expect(ids(index.query({ source: 'Referral' }))).toEqual(['a2']);
    expect(ids(index.query({ q: 'GLOB' }))).toEqual(['a2']);
    expect(ids(index.query({ q: ' initech ' }))).toEqual(['a4']);
    // a2 matches by its e-mail (a2@acme.com).
    expect(page({ q: 'acme', label: 'Warm', limit: 1 })).toEqual({ ids: ['a3'], total: 2 });
  });

  it('stats and e-mail lookups follow changes', () => {
    expect(index.stats()).toEqual({ total: 4, hot: 1, converted: 1, avgScore: 57.5 });
    index.put(entry('a4', { score: 95, created: 1000, email: 'cy@new.io' }));
    expect(index.idByEmail('cy@initech.io')).toBeNull();
    expect(index.idByEmail('CY@new.io')).toBe('a4');
    expect(ids(index.query({ label: 'Hot' }))).toEqual(['a1', 'a4']);
    index.remove('a4');
    expect(index.idByEmail('cy@new.io')).toBeNull();
    expect(index.stats().total).toBe(3);
  });

  it('ignores a copy older than the one it holds (a slow re-read after a newer write)', () => {
    const fresh = new LeadsIndex();
    fresh.put({ ...entry('b1', { score: 70 }), updated_at: '2026-11-22T10:00:01.000Z' });
    fresh.put({ ...entry('b1', { score: 40 }), updated_at: '2026-11-22T10:00:00.000Z' });
    expect(fresh.get('b1')?.score).toBe(70);
    fresh.put({ ...entry('b1', { score: 90 }), updated_at: '2026-11-22T10:00:02.000Z' });
    expect(fresh.get('b1')?.score).toBe(90);
  });
});
