import { leadLabel, type Lead, type LeadStats, type User } from '@sixa/contracts/browser';
import { mockApi, type MockApi, type MockReply } from '../../../test/mockApi';

let sequence = 0;

/** A lead as the CRM service returns it (label and factors consistent with the score). */
export function buildLead(overrides: Partial<Lead> = {}): Lead {
  sequence += 1;
  const score = overrides.score ?? 50;
  return {
    id: `lead-${sequence}`,
    etag: `0.lead-${sequence}`,
    rev: 0,
    name: `Lead ${sequence}`,
    email: `lead${sequence}@example-corp.com`,
    company: `Company ${sequence}`,
    phone: '',
    source: 'Website',
    notes: '',
    status: 'new',
    score,
    label: leadLabel(score),
    score_factors: [
      { factor: 'Base score', points: 20 },
      { factor: 'Company e-mail domain', points: 15 },
    ],
    score_override: null,
    created_by: 'admin-1',
    created_at: new Date(Date.UTC(2026, 0, 1, 9, 0, sequence)).toISOString(),
    updated_at: new Date(Date.UTC(2026, 0, 1, 9, 0, sequence)).toISOString(),
    ...overrides,
  };
}

const byKey: Record<string, (a: Lead, b: Lead) => number> = {
  created_at: (a, b) => a.created_at.localeCompare(b.created_at),
  score: (a, b) => a.score - b.score,
  name: (a, b) => a.name.localeCompare(b.name),
};

/**
 * The CRM's lead endpoints over a list the handlers change, like the server: GET /api/leads pages,
 * filters and sorts with the total in X-Total-Count (which mockApi cannot send), and
 * POST /api/leads/import takes CSV text (which mockApi would parse as JSON). Every other route goes
 * to mockApi.
 */
export function leadsBackend(initial: Lead[], me: User) {
  let leads = [...initial];
  const listQueries: URLSearchParams[] = [];
  const imports: { body: string; contentType: string | null }[] = [];
  const exports: { authorization: string | null }[] = [];
  let importReply: MockReply = { body: { imported: 0, rejected: [] } };

  const stats = (): LeadStats => ({
    total_leads: leads.length,
    hot_leads: leads.filter((lead) => lead.score >= 80).length,
    conversion_rate: leads.length
      ? Math.round((leads.filter((lead) => lead.status === 'converted').length / leads.length) * 1000) / 10
      : 0,
    avg_score: leads.length ? leads.reduce((sum, lead) => sum + lead.score, 0) / leads.length : 0,
  });

  const api: MockApi = mockApi({
    'GET /api/auth/me': { body: me },
    'GET /api/leads/stats': () => ({ body: stats() }),
  });
  const routed = globalThis.fetch;

  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === '/api/leads') {
      const params = url.searchParams;
      listQueries.push(params);
      const q = params.get('q')?.toLowerCase();
      const sort = params.get('sort') ?? '-created_at';
      const compare = byKey[sort.replace('-', '')];
      const matching = leads
        .filter(
          (lead) =>
            (!q || [lead.name, lead.email, lead.company].some((text) => text.toLowerCase().includes(q))) &&
            (!params.get('label') || leadLabel(lead.score) === params.get('label')) &&
            (!params.get('status') || lead.status === params.get('status')) &&
            (!params.get('source') || lead.source === params.get('source')),
        )
        .sort((a, b) => (sort.startsWith('-') ? -compare(a, b) : compare(a, b)));
      const offset = Number(params.get('offset') ?? 0);
      const page = matching.slice(offset, offset + Number(params.get('limit') ?? matching.length));
      return new Response(JSON.stringify(page), {
        headers: { 'content-type': 'application/json', 'X-Total-Count': String(matching.length) },
      });
    }
    if (request.method === 'POST' && url.pathname === '/api/leads/import') {
      imports.push({ body: await request.text(), contentType: request.headers.get('content-type') });
      return new Response(JSON.stringify(importReply.body), {
        status: importReply.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }
    if (request.method === 'GET' && url.pathname === '/api/leads/export.csv') {
      exports.push({ authorization: request.headers.get('authorization') });
      const csv = ['name,email,company', ...leads.map((lead) => `${lead.name},${lead.email},${lead.company}`)].join(
        '\r\n',
      );
      return new Response(csv, { headers: { 'content-type': 'text/csv; charset=utf-8' } });
    }
    return routed(request);
  }) as typeof fetch;

  return {
    api,
    listQueries,
    imports,
    exports,
    replyToImport(reply: MockReply) {
      importReply = reply;
    },
    set(next: Lead[]) {
      leads = next;
    },
    get leads() {
      return leads;
    },
  };
}
