import { leadLabel, type Lead, type TaskPriority } from '@sixa/contracts';
import { formatInZone, todayInZone, zonedInstant } from '../chat-dates';
import { explainApiError } from '../workspace-api';
import { rankTechLeads } from './tech-leads';
import { plural, readAll, type Proposal, type ToolContext, type ToolOutcome } from './tool-context';

/** Follow-up tasks offered at most for the ranked tech leads. */
const FOLLOW_UPS_OFFERED = 5;

const leadLine = (l: Lead) =>
  `${l.name} (${l.company || 'no company'}) — score ${l.score}, ${l.label ?? leadLabel(l.score)}`;

export async function searchLeads(
  ctx: ToolContext,
  f: { q?: string; label?: 'Hot' | 'Warm' | 'Cold'; status?: string; source?: string; limit?: number },
): Promise<ToolOutcome> {
  try {
    const page = await ctx.api.get<Lead[]>('/leads', {
      q: f.q?.slice(0, 200),
      label: f.label,
      status: f.status,
      source: f.source,
      sort: '-score',
      limit: Math.min(Math.max(f.limit ?? 10, 1), 50),
    });
    const leads = page.body ?? [];
    const total = Number(page.headers.get('x-total-count') ?? leads.length);
    const filters = [
      f.status && `with status ${f.status}`,
      f.source && `from ${f.source}`,
      f.q && `matching "${f.q}"`,
    ].filter(Boolean);
    const what = `${f.label ? `${f.label.toLowerCase()} ` : ''}leads${filters.length ? ` ${filters.join(', ')}` : ''}`;
    if (!total)
      return {
        text: `I found no ${what}.`,
        links: [{ label: 'Lead Generation', href: '/leads' }],
        data: { total: 0, leads: [] },
      };
    const avg = Math.round(leads.reduce((s, l) => s + l.score, 0) / leads.length);
    const hot = leads.filter((l) => l.score >= 80).length;
    const shown = leads.slice(0, 5);
    const text =
      `I found ${plural(total, 'lead')} (${what}). ` +
      `The best by score:\n${shown.map((l, i) => `${i + 1}. ${leadLine(l)}`).join('\n')}\n` +
      `Of the ${leads.length} I looked at, ${hot} ${hot === 1 ? 'is' : 'are'} hot and the average score is ${avg}.`;
    return {
      text,
      links: [{ label: 'Open Lead Generation', href: f.q ? `/leads?q=${encodeURIComponent(f.q)}` : '/leads' }],
      data: {
        total,
        leads: shown.map((l) => ({
          id: l.id,
          name: l.name,
          company: l.company,
          email: l.email,
          score: l.score,
          label: l.label,
          status: l.status,
        })),
      },
    };
  } catch (e) {
    return { text: explainApiError(e, 'search the leads') };
  }
}

export async function rankTech(ctx: ToolContext): Promise<ToolOutcome> {
  try {
    const { items, total } = await readAll<Lead>(ctx.api, '/leads', { sort: '-score' });
    const ranked = rankTechLeads(items);
    if (!ranked.length) {
      return {
        text:
          `None of your ${plural(total, 'lead')} look like tech companies by my rule (a company name or notes ` +
          `with words like tech, software, labs, AI, cloud, data or systems, or an e-mail domain such as .io or .ai). ` +
          `I don't invent contacts: add or import real leads on Lead Generation and ask me again.`,
        links: [{ label: 'Lead Generation', href: '/leads' }],
        data: { total, tech_leads: [] },
      };
    }
    const top = ranked.slice(0, 10);
    const offer = ranked
      .filter((m) => m.lead.status !== 'converted' && m.lead.status !== 'lost')
      .slice(0, FOLLOW_UPS_OFFERED);
    const due = zonedInstant(todayInZone(ctx.zone, new Date(ctx.now.getTime() + 2 * 86_400_000)), '17:00', ctx.zone);
    const text =
      `From your ${plural(total, 'lead')}, ${plural(ranked.length, 'is a tech company', 'are tech companies')} ` +
      `(by company name, notes or e-mail domain), best score first:\n` +
      top.map((m, i) => `${i + 1}. ${leadLine(m.lead)} — ${m.reasons.join(', ')}`).join('\n') +
      (offer.length
        ? `\nShall I create follow-up tasks for the top ${plural(offer.length, 'lead')}, due ${formatInZone(due, ctx.zone, false)}?`
        : '');
    const proposal: Proposal | undefined = offer.length
      ? {
          tool: 'create_task',
          summary: `Create ${plural(offer.length, 'follow-up task')} (${offer.map((m) => m.lead.name).join(', ')}), due ${formatInZone(due, ctx.zone, false)}?`,
          calls: offer.map((m) => ({
            method: 'POST',
            path: '/tasks',
            body: {
              title: `Follow up with ${m.lead.name} (${m.lead.company})`.slice(0, 200),
              description: `Tech lead, score ${m.lead.score} (${m.lead.label}): ${m.reasons.join(', ')}. Contact: ${m.lead.email}.`,
              priority: (m.lead.score >= 80 ? 'high' : 'medium') satisfies TaskPriority,
              due_date: due.toISOString(),
              tags: ['follow-up', 'tech-lead'],
            },
          })),
        }
      : undefined;
    return {
      text,
      links: [{ label: 'Lead Generation', href: '/leads' }],
      data: {
        total,
        tech_leads: top.map((m) => ({
          id: m.lead.id,
          name: m.lead.name,
          company: m.lead.company,
          score: m.lead.score,
          reasons: m.reasons,
        })),
      },
      proposal,
    };
  } catch (e) {
    return { text: explainApiError(e, 'read the leads') };
  }
}

export async function explainLeadScore(ctx: ToolContext, query: string): Promise<ToolOutcome> {
  if (!query.trim()) return { text: "Whose score should I explain? Tell me the lead's name, company or e-mail." };
  try {
    const found =
      (await ctx.api.get<Lead[]>('/leads', { q: query.slice(0, 200), limit: 5, sort: '-score' })).body ?? [];
    if (!found.length)
      return { text: `I found no lead matching "${query}".`, links: [{ label: 'Lead Generation', href: '/leads' }] };
    const exact = found.find(
      (l) => l.email.toLowerCase() === query.toLowerCase() || l.name.toLowerCase() === query.toLowerCase(),
    );
    const pick = exact ?? found[0];
    const lead = (await ctx.api.get<Lead>(`/leads/${encodeURIComponent(pick.id)}`)).body;
    const factors = [...(lead.score_factors ?? [])].sort((a, b) => Math.abs(b.points) - Math.abs(a.points));
    const lines = factors.map((f) => `• ${f.factor}: ${f.points >= 0 ? '+' : ''}${f.points}`);
    const override =
      lead.score_override !== null && lead.score_override !== undefined
        ? ` An admin set the score to ${lead.score_override} by hand, so the factors below explain the computed score, not the one shown.`
        : '';
    const others =
      !exact && found.length > 1
        ? ` (${found.length - 1} other lead${found.length > 2 ? 's' : ''} also matched "${query}".)`
        : '';
    return {
      text:
        `${lead.name} (${lead.company}) has a score of ${lead.score}, which makes it ${lead.label ?? leadLabel(lead.score)}.${override}` +
        (lines.length
          ? `\nWhat makes up the score:\n${lines.join('\n')}`
          : ' No scoring factors are recorded for it.') +
        others,
      links: [{ label: `Lead: ${lead.name}`, href: `/leads?q=${encodeURIComponent(lead.email)}` }],
      data: {
        id: lead.id,
        name: lead.name,
        score: lead.score,
        label: lead.label,
        score_override: lead.score_override,
        score_factors: factors,
      },
    };
  } catch (e) {
    return { text: explainApiError(e, "explain that lead's score") };
  }
}
