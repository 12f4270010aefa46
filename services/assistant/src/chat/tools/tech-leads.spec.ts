import type { Lead } from '@sixa/contracts';
import { rankTechLeads, techReasons } from './tech-leads';

const lead = (over: Partial<Lead>): Lead =>
  ({
    id: over.name,
    name: 'X',
    email: 'x@example.com',
    company: '',
    notes: '',
    score: 50,
    label: 'Cold',
    created_at: '2026-01-01T00:00:00Z',
    ...over,
  }) as Lead;

describe('rankTechLeads', () => {
  it('counts company words, notes and tech e-mail domains, and nothing else', () => {
    expect(techReasons(lead({ company: 'Nimbus Cloud' }))).toEqual(['company "Nimbus Cloud"']);
    expect(techReasons(lead({ notes: 'Runs a SaaS platform' }))).toEqual([
      'notes mention "saas"',
      'notes mention "platform"',
    ]);
    expect(techReasons(lead({ email: 'ceo@quanta.io' }))).toEqual(['e-mail domain .io']);
    expect(techReasons(lead({ email: 'ops@acmesoftware.com' }))).toEqual(['e-mail domain acmesoftware.com']);
    expect(techReasons(lead({ company: 'Green Bakery', notes: 'likes it', email: 'a@bakery.com' }))).toEqual([]);
  });

  it('ranks the tech leads by score', () => {
    const ranked = rankTechLeads([
      lead({ name: 'a', company: 'Data Labs', score: 60 }),
      lead({ name: 'b', company: 'Bakery', score: 99 }),
      lead({ name: 'c', company: 'Robo Systems', score: 85 }),
    ]);
    expect(ranked.map((m) => m.lead.name)).toEqual(['c', 'a']);
  });
});
