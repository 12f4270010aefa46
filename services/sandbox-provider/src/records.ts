/** The sandbox's record types (the Integrations Hub's data types). */
export const RECORD_TYPES = ['contacts', 'accounts', 'opportunities', 'tasks', 'events'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

export interface SandboxRecord {
  id: string;
  updated_at: string;
  [field: string]: unknown;
}

const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Katherine',
  'Linus',
  'Margaret',
  'Dennis',
  'Barbara',
  'Ken',
  'Radia',
  'Tim',
  'Frances',
];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Johnson',
  'Torvalds',
  'Hamilton',
  'Ritchie',
  'Liskov',
  'Thompson',
  'Perlman',
  'Berners',
  'Allen',
];
const COMPANIES = [
  'Northwind',
  'Contoso',
  'Initech',
  'Globex',
  'Umbrella Tech',
  'Hooli',
  'Vandelay',
  'Stark Software',
  'Wayne Data',
  'Acme Cloud',
];
const SOURCES = ['Website', 'LinkedIn', 'Referral', 'Cold Email', 'Conference'];

/** The base time of generated records: each record's `updated_at` is this plus its index in seconds. */
const BASE = Date.parse('2026-01-01T00:00:00Z');

function make(type: RecordType, i: number): SandboxRecord {
  const n = i + 1;
  const id = `${type.slice(0, 3)}_${String(n).padStart(6, '0')}`;
  const updated_at = new Date(BASE + i * 1000).toISOString();
  const first = FIRST[i % FIRST.length];
  const last = LAST[Math.floor(i / FIRST.length) % LAST.length];
  const company = COMPANIES[i % COMPANIES.length];
  switch (type) {
    case 'contacts':
      return {
        id,
        updated_at,
        first_name: first,
        last_name: `${last} ${n}`,
        email: `${first}.${last}.${n}@${company.toLowerCase().replace(/\s+/g, '')}.example`.toLowerCase(),
        company,
        phone: `+1 555 ${String(1000 + (n % 9000)).padStart(4, '0')}`,
        lead_source: SOURCES[i % SOURCES.length],
        title: i % 3 === 0 ? 'CTO' : i % 3 === 1 ? 'Head of Sales' : 'Operations Manager',
      };
    case 'accounts':
      return {
        id,
        updated_at,
        name: `${company} ${n}`,
        industry: i % 2 ? 'Software' : 'Retail',
        employees: 10 + ((i * 37) % 5000),
      };
    case 'opportunities':
      return {
        id,
        updated_at,
        name: `${company} renewal ${n}`,
        amount: 1000 + ((i * 713) % 90000),
        stage: i % 2 ? 'proposal' : 'negotiation',
      };
    case 'tasks':
      return {
        id,
        updated_at,
        subject: `Follow up with ${first} ${last}`,
        description: `Imported from the sandbox CRM (${id}).`,
        priority: (['low', 'medium', 'high'] as const)[i % 3],
        due_date: new Date(BASE + (30 + (i % 60)) * 86_400_000).toISOString(),
        owner: `${first} ${last}`,
      };
    case 'events':
      return {
        id,
        updated_at,
        subject: `Call with ${company}`,
        description: `Imported from the sandbox CRM (${id}).`,
        start: new Date(BASE + (40 + (i % 30)) * 86_400_000 + 10 * 3600_000).toISOString(),
        end: new Date(BASE + (40 + (i % 30)) * 86_400_000 + 11 * 3600_000).toISOString(),
        location: i % 2 ? 'Video call' : `${company} office`,
        attendees: [`${first}.${last}@${company.toLowerCase().replace(/\s+/g, '')}.example`.toLowerCase()],
      };
  }
}

/**
 * The sandbox's records, generated deterministically, ordered by (updated_at, id) so that a cursor
 * (the last record's position) pages without gaps or repeats while records change.
 */
export class RecordStore {
  private readonly byType = new Map<RecordType, SandboxRecord[]>();

  constructor(counts: Partial<Record<RecordType, number>>) {
    for (const type of RECORD_TYPES) this.seed(type, counts[type] ?? 0);
  }

  seed(type: RecordType, count: number): void {
    this.byType.set(
      type,
      Array.from({ length: count }, (_, i) => make(type, i)),
    );
  }

  count(type: RecordType): number {
    return this.byType.get(type)!.length;
  }

  /** Changes `count` records (the first ones): their `updated_at` becomes now and a field changes. */
  touch(type: RecordType, count: number, now = new Date()): string[] {
    const list = this.byType.get(type)!;
    const changed = list.slice(0, count);
    for (const [k, r] of changed.entries()) {
      r.updated_at = new Date(now.getTime() + k).toISOString();
      if (type === 'contacts') r.title = `${String(r.title).replace(/ \(updated.*\)$/, '')} (updated ${r.updated_at})`;
      else r.description = `Updated ${r.updated_at}`;
    }
    list.sort((a, b) => a.updated_at.localeCompare(b.updated_at) || a.id.localeCompare(b.id));
    return changed.map((r) => r.id);
  }

  /** One page: records after the cursor (`<updated_at>|<id>`), changed at or after `updatedSince`. */
  page(type: RecordType, opts: { limit: number; cursor?: string; updatedSince?: string }) {
    let list = this.byType.get(type)!;
    if (opts.updatedSince) list = list.filter((r) => r.updated_at >= opts.updatedSince!);
    if (opts.cursor) {
      const [at, id] = Buffer.from(opts.cursor, 'base64url').toString('utf8').split('|');
      list = list.filter((r) => r.updated_at > at || (r.updated_at === at && r.id > id));
    }
    const data = list.slice(0, opts.limit);
    const last = data.at(-1);
    return {
      data,
      next_cursor:
        data.length === opts.limit && list.length > opts.limit && last
          ? Buffer.from(`${last.updated_at}|${last.id}`).toString('base64url')
          : null,
    };
  }
}
