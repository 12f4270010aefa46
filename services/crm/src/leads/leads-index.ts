import { leadLabel, type LeadSource, type LeadStatus } from '@sixa/contracts';
import type { ListLeadsQuery } from './leads.query';

/** What the leads table filters, searches and sorts on; one per lead, in memory. */
export interface IndexEntry {
  id: string;
  name: string;
  email: string;
  company: string;
  status: LeadStatus;
  source: LeadSource;
  score: number;
  created: number;
}

interface Row extends IndexEntry {
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
 * The list fields of every lead, kept in memory by the crm service, so that search, filters, sort,
 * paging, the total, the stats and e-mail lookups need not scan the collection: FerretDB v1 (the
 * local database) pushes no sort, range or skip down to its storage, so every sorted page read the
 * whole collection (3.4 s at 10,000 leads, over 30 s at 100,000). Pages are then read by `_id`,
 * which it does push down. About 300 bytes per lead (30 MB at 100,000).
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

  put(e: IndexEntry): void {
    const previous = this.rows.get(e.id);
    if (previous && previous.email !== e.email && this.byEmail.get(previous.email) === e.id)
      this.byEmail.delete(previous.email);
    const row: Row = { ...e, haystack: `${e.name}\u0000${e.email}\u0000${e.company}`.toLowerCase() };
    this.rows.set(e.id, row);
    this.byEmail.set(e.email, e.id);
    this.sorted.clear();
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

  /** The ids of one page and the number of leads that match. */
  query(q: ListLeadsQuery): { ids: string[]; total: number } {
    const rows = this.view(q.sort ?? '-created_at');
    const needle = q.q?.trim().toLowerCase();
    const match = (r: Row) =>
      (!needle || r.haystack.includes(needle)) &&
      (!q.label || leadLabel(r.score) === q.label) &&
      (!q.status || r.status === q.status) &&
      (!q.source || r.source === q.source);
    const filtered = needle || q.label || q.status || q.source ? rows.filter(match) : rows;
    const offset = q.offset ?? 0;
    const page = filtered.slice(offset, q.limit ? offset + q.limit : undefined);
    return { ids: page.map((r) => r.id), total: filtered.length };
  }

  stats(): { total: number; hot: number; converted: number; avgScore: number } {
    let hot = 0;
    let converted = 0;
    let sum = 0;
    for (const r of this.rows.values()) {
      if (r.score >= 80) hot++;
      if (r.status === 'converted') converted++;
      sum += r.score;
    }
    return { total: this.rows.size, hot, converted, avgScore: this.rows.size ? sum / this.rows.size : 0 };
  }
}
