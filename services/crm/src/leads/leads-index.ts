import { leadLabel, type Lead } from '@sixa/contracts';
import type { ListLeadsQuery } from './leads.query';

interface Row {
  id: string;
  lead: Lead;
  name: string;
  email: string;
  score: number;
  created: number;
  /** name, email and company in lower case, for the search box. */
  haystack: string;
}

type SortKey = NonNullable<ListLeadsQuery['sort']>;

const compareBy: Record<string, (a: Row, b: Row) => number> = {
  created_at: (a, b) => a.created - b.created,
  score: (a, b) => a.score - b.score,
  name: (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
};

/**
 * Every lead as the API shows it, kept in memory by the crm service (a read model of its own
 * collection), so that search, filters, sort, paging, the total, the stats and e-mail lookups read no
 * collection: FerretDB v1 (the local database) pushes no sort, range or skip down to its storage, and
 * even its lookups by `_id` scan the table (its _id index is on another expression than its query),
 * so every sorted page read the whole collection (3.4 s at 10,000 leads, over 30 s at 100,000).
 * About 850 bytes per lead (85 MB of heap at 100,000).
 *
 * Ties break on the id, newest first, as the database path did (`_id: -1`).
 */
export class LeadsIndex {
  private readonly rows = new Map<string, Row>();
  private readonly byEmail = new Map<string, string>();
  /** Sorted views, rebuilt on first use after a change. */
  private readonly sorted = new Map<SortKey, Row[]>();

  get size(): number {
    return this.rows.size;
  }

  /** Adds or replaces a lead; an older copy than the one held (by updated_at) is ignored. */
  put(lead: Lead): void {
    const previous = this.rows.get(lead.id);
    if (previous && Date.parse(previous.lead.updated_at) > Date.parse(lead.updated_at)) return;
    if (previous && previous.email !== lead.email && this.byEmail.get(previous.email) === lead.id) {
      this.byEmail.delete(previous.email);
    }
    this.rows.set(lead.id, {
      id: lead.id,
      lead,
      name: lead.name,
      email: lead.email,
      score: lead.score,
      created: Date.parse(lead.created_at),
      haystack: `${lead.name}\u0000${lead.email}\u0000${lead.company}`.toLowerCase(),
    });
    this.byEmail.set(lead.email, lead.id);
    this.sorted.clear();
  }

  get(id: string): Lead | null {
    return this.rows.get(id)?.lead ?? null;
  }

  remove(id: string): void {
    const row = this.rows.get(id);
    if (!row) return;
    this.rows.delete(id);
    if (this.byEmail.get(row.email) === id) this.byEmail.delete(row.email);
    this.sorted.clear();
  }

  has(id: string): boolean {
    return this.rows.has(id);
  }

  /** The id of the lead with this e-mail (stored lower case), or null. */
  idByEmail(email: string): string | null {
    return this.byEmail.get(email.toLowerCase()) ?? null;
  }

  private view(sort: SortKey): Row[] {
    let rows = this.sorted.get(sort);
    if (!rows) {
      const desc = sort.startsWith('-');
      const cmp = compareBy[sort.replace(/^-/, '')];
      rows = [...this.rows.values()].sort((a, b) => {
        const c = desc ? cmp(b, a) : cmp(a, b);
        return c !== 0 ? c : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
      });
      this.sorted.set(sort, rows);
    }
    return rows;
  }

  /** One page and the number of leads that match. */
  query(q: ListLeadsQuery): { items: Lead[]; total: number } {
    const rows = this.view(q.sort ?? '-created_at');
    const needle = q.q?.trim().toLowerCase();
    const match = (r: Row) =>
      (!needle || r.haystack.includes(needle)) &&
      (!q.label || leadLabel(r.score) === q.label) &&
      (!q.status || r.lead.status === q.status) &&
      (!q.source || r.lead.source === q.source);
    const filtered = needle || q.label || q.status || q.source ? rows.filter(match) : rows;
    const offset = q.offset ?? 0;
    const page = filtered.slice(offset, q.limit ? offset + q.limit : undefined);
    return { items: page.map((r) => r.lead), total: filtered.length };
  }

  stats(): { total: number; hot: number; converted: number; avgScore: number } {
    let hot = 0;
    let converted = 0;
    let sum = 0;
    for (const r of this.rows.values()) {
      if (r.score >= 80) hot++;
      if (r.lead.status === 'converted') converted++;
      sum += r.score;
    }
    return { total: this.rows.size, hot, converted, avgScore: this.rows.size ? sum / this.rows.size : 0 };
  }
}
