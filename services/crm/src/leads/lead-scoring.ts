import type { LeadSource, LeadStatus, ScoreFactor } from '@sixa/contracts';

/** What scoring reads: the lead's own data and what has happened to it. */
export interface ScoringInput {
  email: string;
  company: string;
  phone?: string;
  notes?: string;
  source: LeadSource;
  status: LeadStatus;
  quotes_sent: number;
  quotes_accepted: number;
}

const FREE_MAIL = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'gmx.com',
  'gmx.de',
  'web.de',
  'mail.com',
  'proton.me',
  'protonmail.com',
  'yandex.com',
]);

const SOURCE_POINTS: Record<LeadSource, number> = {
  Referral: 20,
  Conference: 15,
  LinkedIn: 10,
  Website: 10,
  'Cold Email': 0,
};
const STATUS_POINTS: Partial<Record<LeadStatus, number>> = { contacted: 5, qualified: 15, converted: 25, lost: -30 };

const BASE = 20;

/**
 * A 0-100 score with the factors that make it, so the screen can say why. The base plus points
 * for the source, a company e-mail domain, complete contact data, notes, how far the lead has come,
 * and quotes sent to or accepted by its e-mail.
 */
export function scoreLead(lead: ScoringInput): { score: number; factors: ScoreFactor[] } {
  const factors: ScoreFactor[] = [{ factor: 'Base score', points: BASE }];
  const add = (factor: string, points: number) => points !== 0 && factors.push({ factor, points });

  add(`Source: ${lead.source}`, SOURCE_POINTS[lead.source]);
  const domain = lead.email.split('@')[1]?.toLowerCase() ?? '';
  if (FREE_MAIL.has(domain)) add('Free e-mail domain', -5);
  else {
    add('Company e-mail domain', 15);
    const word = lead.company.toLowerCase().replace(/[^a-z0-9]/g, '');
    if (word.length >= 3 && domain.replace(/[^a-z0-9]/g, '').includes(word.slice(0, 6)))
      add('E-mail domain matches the company', 5);
  }
  if (lead.phone?.trim()) add('Phone number given', 10);
  if ((lead.notes?.trim().length ?? 0) >= 20) add('Detailed notes', 5);
  add(`Status: ${lead.status}`, STATUS_POINTS[lead.status] ?? 0);
  if (lead.quotes_sent > 0) add('A quote was sent', 10);
  if (lead.quotes_accepted > 0) add('A quote was accepted', 20);

  const raw = factors.reduce((s, f) => s + f.points, 0);
  return { score: Math.max(0, Math.min(100, raw)), factors };
}
