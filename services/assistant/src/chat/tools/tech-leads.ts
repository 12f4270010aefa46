import type { Lead } from '@sixa/contracts';

/**
 * What makes a lead a "tech company" lead, one documented rule: a whole-word keyword in the company
 * name or the notes, or a tech-sounding domain in the e-mail (a tech top-level domain such as `.io`
 * or `.ai`, or a keyword inside the domain name). Nothing else is guessed.
 */
export const TECH_KEYWORDS = [
  'tech',
  'technology',
  'technologies',
  'software',
  'saas',
  'labs',
  'ai',
  'cloud',
  'data',
  'systems',
  'digital',
  'cyber',
  'analytics',
  'app',
  'apps',
  'dev',
  'devops',
  'platform',
  'robotics',
  'computing',
  'networks',
  'it',
] as const;

/** Top-level domains that mostly tech companies use. */
export const TECH_DOMAINS = ['io', 'ai', 'dev', 'tech', 'app', 'cloud', 'software', 'systems'] as const;

/** Keywords looked for inside a domain name (where words run together: "acmesoftware.com"). */
const DOMAIN_FRAGMENTS = ['tech', 'soft', 'labs', 'cloud', 'data', 'cyber', 'digital', 'systems', 'robot'];

export interface TechMatch {
  lead: Lead;
  /** Why it counts: the words or the domain that matched. */
  reasons: string[];
}

const wordsOf = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean),
  );

export function techReasons(lead: Pick<Lead, 'company' | 'notes' | 'email'>): string[] {
  const reasons: string[] = [];
  const company = wordsOf(lead.company ?? '');
  const notes = wordsOf(lead.notes ?? '');
  // "it" alone is too common in prose: only in a company name ("Nordic IT").
  for (const k of TECH_KEYWORDS) {
    if (company.has(k)) reasons.push(`company "${lead.company}"`);
    else if (k !== 'it' && k !== 'app' && notes.has(k)) reasons.push(`notes mention "${k}"`);
  }
  const domain = (lead.email ?? '').split('@')[1]?.toLowerCase() ?? '';
  if (domain) {
    const tld = domain.split('.').pop() ?? '';
    const name = domain.split('.').slice(0, -1).join('.');
    if ((TECH_DOMAINS as readonly string[]).includes(tld)) reasons.push(`e-mail domain .${tld}`);
    else if (DOMAIN_FRAGMENTS.some((f) => name.includes(f))) reasons.push(`e-mail domain ${domain}`);
  }
  return [...new Set(reasons)];
}

/** The leads at tech companies, best score first (then newest): the ones worth a follow-up first. */
export function rankTechLeads(leads: Lead[]): TechMatch[] {
  return leads
    .map((lead) => ({ lead, reasons: techReasons(lead) }))
    .filter((m) => m.reasons.length > 0)
    .sort((a, b) => b.lead.score - a.lead.score || b.lead.created_at.localeCompare(a.lead.created_at));
}
