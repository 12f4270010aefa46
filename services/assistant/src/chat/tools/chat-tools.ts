import {
  leadLabel,
  type Alert,
  type AssistantTool,
  type CalendarEventSaved,
  type ChatLink,
  type Lead,
  type SystemStatus,
  type Task,
  type TaskAssignee,
  type TaskPriority,
  type TaskStats,
  type Workflow,
} from '@sixa/contracts';
import { randomBytes } from 'node:crypto';
import { formatInZone, todayInZone, zonedInstant } from '../chat-dates';
import type { ApiCall } from '../chat-session.schema';
import type { MeetingParams } from '../intent-parser';
import { explainApiError, type WorkspaceApi } from '../workspace-api';
import { rankTechLeads } from './tech-leads';

/** Who is asking, where and when: what every tool reads dates and names in. */
export interface ToolContext {
  api: WorkspaceApi;
  zone: string;
  now: Date;
  user: { id: string; name: string; role: string };
}

/** A change the user has to confirm before it is made. */
export interface Proposal {
  tool: AssistantTool;
  summary: string;
  calls: ApiCall[];
}

/** What a tool gives back: the sentence, links, the data (for a model) and possibly a change to confirm. */
export interface ToolOutcome {
  text: string;
  links?: ChatLink[];
  data?: unknown;
  proposal?: Proposal;
  /** A meeting still missing its time or attendee (remembered for the next message); null forgets it. */
  draftMeeting?: MeetingParams | null;
}

export const DEFAULT_MEETING_MINUTES = 30;
/** How many leads and tasks a summary reads at most (pages of 200). */
const READ_LIMIT = 1000;
/** Follow-up tasks offered at most for the ranked tech leads. */
const FOLLOW_UPS_OFFERED = 5;

async function readAll<T>(api: WorkspaceApi, path: string, query: Record<string, string | number | undefined>) {
  const items: T[] = [];
  let after: string | undefined;
  let total = 0;
  do {
    const page = await api.get<T[]>(path, { ...query, limit: 200, after });
    items.push(...(page.body ?? []));
    total = Number(page.headers.get('x-total-count') ?? items.length);
    after = page.headers.get('x-next-cursor') ?? undefined;
  } while (after && items.length < READ_LIMIT);
  return { items, total };
}

const leadLine = (l: Lead) =>
  `${l.name} (${l.company || 'no company'}) — score ${l.score}, ${l.label ?? leadLabel(l.score)}`;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

// ---------------------------------------------------------------- leads

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

// ---------------------------------------------------------------- tasks

/** The team member meant by `name`: the one whose name is it or starts with it; several: ask. */
async function findMember(
  ctx: ToolContext,
  name: string,
): Promise<{ member?: TaskAssignee; several?: TaskAssignee[] }> {
  const found = (await ctx.api.get<TaskAssignee[]>('/tasks/assignees', { q: name.slice(0, 100) })).body ?? [];
  const n = name.trim().toLowerCase();
  const exact = found.filter((m) => m.name.toLowerCase() === n || m.email.toLowerCase() === n);
  if (exact.length === 1) return { member: exact[0] };
  const starts = found.filter(
    (m) => m.name.toLowerCase().split(/\s+/).includes(n) || m.name.toLowerCase().startsWith(`${n} `),
  );
  if (starts.length === 1) return { member: starts[0] };
  if (starts.length > 1) return { several: starts };
  if (found.length === 1) return { member: found[0] };
  return found.length > 1 ? { several: found } : {};
}

export async function prepareTask(
  ctx: ToolContext,
  p: {
    title: string;
    assignee?: string;
    assigneeExplicit?: boolean;
    due?: string;
    priority?: TaskPriority;
    description?: string;
  },
): Promise<ToolOutcome> {
  let title = p.title.trim().slice(0, 200);
  if (!title)
    return { text: 'What should the task be? For example: "create a task to call Acme for Dana, due Friday".' };
  const body: Record<string, unknown> = { title, priority: p.priority ?? 'medium' };
  if (p.description) body.description = p.description;
  let who = '';
  try {
    if (p.assignee) {
      const { member, several } = await findMember(ctx, p.assignee);
      if (several?.length)
        return {
          text: `Several team members match "${p.assignee}": ${several.map((m) => `${m.name} (${m.email})`).join(', ')}. Which one should it go to?`,
        };
      if (member) {
        title = title.replace(new RegExp(`\\s+for\\s+${escapeRe(p.assignee)}$`, 'i'), '').trim() || title;
        body.title = title;
        body.assigned_to = member.name;
        body.assignee_id = member.id;
        who = ` for ${member.name}`;
      } else if (p.assigneeExplicit) {
        body.assigned_to = p.assignee;
        who = ` for ${p.assignee} (not a member of the team, kept as typed)`;
      }
    }
  } catch (e) {
    return { text: explainApiError(e, 'look up the team member') };
  }
  if (p.due) body.due_date = p.due;
  const due = p.due ? `, due ${formatInZone(p.due, ctx.zone)}` : '';
  const summary = `Create task '${title}'${who}${due}, priority ${body.priority as string}?`;
  return {
    text: summary,
    proposal: { tool: 'create_task', summary, calls: [{ method: 'POST', path: '/tasks', body }] },
  };
}

// ---------------------------------------------------------------- meetings

export async function prepareMeeting(ctx: ToolContext, m: MeetingParams): Promise<ToolOutcome> {
  const meeting: MeetingParams = { ...m, attendees: [...m.attendees], names: [] };
  const unknown: string[] = [];
  try {
    for (const name of m.names) {
      const { member, several } = await findMember(ctx, name);
      if (several?.length)
        return {
          text: `Several team members match "${name}": ${several.map((x) => `${x.name} (${x.email})`).join(', ')}. Which e-mail should I invite?`,
          draftMeeting: meeting,
        };
      if (member) meeting.attendees = [...new Set([...meeting.attendees, member.email.toLowerCase()])];
      else unknown.push(name);
    }
  } catch (e) {
    return { text: explainApiError(e, 'look up the attendees'), draftMeeting: meeting };
  }
  const missing: string[] = [];
  if (!meeting.day || !meeting.time) missing.push(meeting.day ? 'what time' : 'which day and time');
  if (!meeting.attendees.length) missing.push('who should attend (an e-mail address)');
  if (missing.length) {
    const known = meeting.day
      ? ` on ${formatInZone(zonedInstant(meeting.day, '12:00', ctx.zone), ctx.zone, false)}`
      : '';
    const withWhom = meeting.attendees.length ? ` with ${meeting.attendees.join(', ')}` : '';
    const notFound = unknown.length
      ? ` I couldn't find ${unknown.join(', ')} in the team, so I need an e-mail address.`
      : '';
    const example = [
      !meeting.time && (meeting.day ? 'at 10' : 'tomorrow at 10'),
      !meeting.attendees.length && 'with ana@example.com',
    ]
      .filter(Boolean)
      .join(' ');
    return {
      text: `Sure, I'll schedule a meeting${known}${withWhom}. Tell me ${missing.join(' and ')}, e.g. "${example}".${notFound}`,
      draftMeeting: meeting,
      data: { missing },
    };
  }
  const start = zonedInstant(meeting.day!, meeting.time!, ctx.zone);
  if (start.getTime() <= ctx.now.getTime())
    return {
      text: `${formatInZone(start, ctx.zone)} has already passed. When should the meeting be instead?`,
      draftMeeting: { ...meeting, time: undefined },
    };
  const minutes = meeting.duration_minutes ?? DEFAULT_MEETING_MINUTES;
  const end = new Date(start.getTime() + minutes * 60_000);
  const title = (meeting.title ?? `Meeting with ${meeting.attendees.join(', ')}`).slice(0, 200);
  const summary =
    `Schedule '${title}' on ${formatInZone(start, ctx.zone)} (${ctx.zone}) for ${minutes} minutes with ${meeting.attendees.join(', ')}?` +
    (unknown.length ? ` (I couldn't find ${unknown.join(', ')} in the team.)` : '');
  return {
    text: summary,
    draftMeeting: null,
    proposal: {
      tool: 'schedule_meeting',
      summary,
      calls: [
        {
          method: 'POST',
          path: '/calendar/events',
          body: {
            title,
            description: `Scheduled by ${ctx.user.name || 'a user'} with SIXA.`,
            start_time: start.toISOString(),
            end_time: end.toISOString(),
            attendees: meeting.attendees,
            time_zone: ctx.zone,
          },
        },
      ],
    },
  };
}

// ---------------------------------------------------------------- workflows

export function proposeFollowUpWorkflow(p: { hotOnly: boolean; waitDays: number }): ToolOutcome {
  const wait = Math.min(Math.max(Math.round(p.waitDays), 1), 30);
  const body = {
    name: p.hotOnly ? 'Hot lead follow-up' : 'New lead follow-up',
    description: `Made with SIXA: a task to follow up every ${p.hotOnly ? 'hot ' : ''}new lead, and a second one ${wait} days later.`,
    trigger: {
      type: 'event',
      event_type: 'lead.created',
      conditions: p.hotOnly ? [{ field: 'lead.score', op: 'gt', value: 79 }] : [],
    },
    steps: [
      {
        action: 'create_task',
        description: 'First follow-up',
        delay: 0,
        params: {
          title: 'Follow up with {{lead.name}} ({{lead.company}})',
          description: 'New lead {{lead.email}} (score {{lead.score}}): get in touch.',
          priority: p.hotOnly ? 'high' : 'medium',
          due_in_days: 1,
        },
      },
      { action: 'wait', description: `Wait ${wait} days`, delay: 0, params: { seconds: wait * 86_400 } },
      {
        action: 'create_task',
        description: 'Second follow-up',
        delay: 0,
        params: {
          title: 'Second follow-up with {{lead.name}} if no reply',
          description: 'No answer yet from {{lead.email}}? Try again or change the approach.',
          priority: 'medium',
          due_in_days: 1,
        },
      },
    ],
  };
  const summary =
    `Create the workflow '${body.name}': when a ${p.hotOnly ? 'hot lead (score 80 or more)' : 'lead'} is created → ` +
    `create a task 'Follow up with {name}' due the next day → wait ${wait} days → create a task 'Second follow-up with {name} if no reply'?`;
  return {
    text: summary,
    proposal: { tool: 'create_followup_workflow', summary, calls: [{ method: 'POST', path: '/workflows', body }] },
  };
}

// ---------------------------------------------------------------- team

interface PersonFigures {
  name: string;
  assigned: number;
  completed: number;
  open: number;
  overdue: number;
}

export async function teamPerformance(ctx: ToolContext): Promise<ToolOutcome> {
  try {
    const [stats, tasks] = await Promise.all([
      ctx.api.get<TaskStats>('/tasks/stats').then((r) => r.body),
      readAll<Task>(ctx.api, '/tasks', {}),
    ]);
    if (!stats.total)
      return {
        text: 'There are no tasks yet, so there is no performance to analyse. Create tasks on Task Management and ask me again.',
        links: [{ label: 'Task Management', href: '/tasks' }],
        data: stats,
      };
    const people = new Map<string, PersonFigures>();
    for (const t of tasks.items) {
      if (t.status === 'cancelled') continue;
      const name = t.assigned_to?.trim() || 'Unassigned';
      const p = people.get(name.toLowerCase()) ?? { name, assigned: 0, completed: 0, open: 0, overdue: 0 };
      p.assigned++;
      if (t.status === 'completed') p.completed++;
      else {
        p.open++;
        if (t.due_date && new Date(t.due_date).getTime() < ctx.now.getTime()) p.overdue++;
      }
      people.set(name.toLowerCase(), p);
    }
    const rate = (p: PersonFigures) => (p.assigned ? Math.round((p.completed / p.assigned) * 100) : 0);
    const rows = [...people.values()].sort((a, b) => b.assigned - a.assigned || a.name.localeCompare(b.name));
    const lines = rows
      .slice(0, 10)
      .map(
        (p) =>
          `• ${p.name}: ${p.completed} of ${p.assigned} completed (${rate(p)}%), ${p.open} open${p.overdue ? `, ${p.overdue} overdue` : ''}`,
      );
    const behind = rows.filter((p) => p.overdue).sort((a, b) => b.overdue - a.overdue)[0];
    const best = rows.filter((p) => p.name !== 'Unassigned' && p.assigned >= 2).sort((a, b) => rate(b) - rate(a))[0];
    const sample =
      tasks.total > tasks.items.length
        ? ` (per person from the latest ${tasks.items.length} of ${tasks.total} tasks)`
        : '';
    const text =
      `Team performance: ${stats.completion_rate}% of ${plural(stats.total - stats.cancelled, 'assigned task')} completed, ` +
      `${stats.in_progress} in progress, ${stats.pending} pending and ${stats.overdue} overdue.\nBy person${sample}:\n${lines.join('\n')}` +
      (best ? `\nHighest completion rate: ${best.name} (${rate(best)}%).` : '') +
      (behind
        ? `\nMost overdue: ${behind.name} with ${plural(behind.overdue, 'task')} past due — worth a check-in.`
        : '\nNothing is overdue.');
    return {
      text,
      links: [{ label: 'Task Management', href: '/tasks' }],
      data: { stats, people: rows.map((p) => ({ ...p, completion_rate: rate(p) })) },
    };
  } catch (e) {
    return { text: explainApiError(e, 'read the tasks') };
  }
}

// ---------------------------------------------------------------- platform

export async function platformHealth(ctx: ToolContext): Promise<ToolOutcome> {
  try {
    const [status, alerts] = await Promise.all([
      ctx.api.get<SystemStatus>('/monitoring/system-status').then((r) => r.body),
      ctx.api.get<Alert[]>('/monitoring/alerts', { limit: 5, status: 'open' }).then((r) => r.body ?? []),
    ]);
    const ms = (v: number | null) => (v === null || v === undefined ? 'n/a' : `${Math.round(v)} ms`);
    const down = (status.probes ?? []).filter((p) => !p.ok).map((p) => p.target);
    const text =
      `The platform is ${status.overall_health}: CPU ${Math.round(status.cpu_usage)}%, memory ${Math.round(status.memory_usage)}%, ` +
      `disk ${Math.round(status.disk_usage)}%, network latency ${ms(status.network_latency)}, API response time (p95) ${ms(status.api_response_time)}.` +
      (down.length ? ` Not answering: ${down.join(', ')}.` : '') +
      (alerts.length
        ? `\n${plural(status.active_alerts, 'active alert')}:\n${alerts.map((a) => `• [${a.severity.toUpperCase()}] ${a.title}`).join('\n')}`
        : '\nNo open alerts.');
    return {
      text,
      links: [{ label: 'Network Monitoring', href: '/monitoring' }],
      data: {
        status: { ...status, probes: undefined },
        alerts: alerts.map((a) => ({ severity: a.severity, title: a.title, status: a.status })),
      },
    };
  } catch (e) {
    return { text: explainApiError(e, "see the platform's health") };
  }
}

// ---------------------------------------------------------------- users

/** Only an admin may; the API says so (GET /users answers 403 otherwise) before anything is proposed. */
export async function prepareAddUser(
  ctx: ToolContext,
  p: { email?: string; name?: string; role: 'admin' | 'employee' },
): Promise<ToolOutcome> {
  try {
    await ctx.api.get('/users');
  } catch (e) {
    return { text: explainApiError(e, 'add users') };
  }
  if (!p.email)
    return { text: 'What e-mail address should the new user have? For example: "add a user bob@example.com".' };
  const name =
    p.name ??
    p.email
      .split('@')[0]
      .split(/[._-]+/)
      .filter(Boolean)
      .map((w) => w[0].toUpperCase() + w.slice(1))
      .join(' ');
  const summary = `Add the user ${name} (${p.email}) as ${p.role === 'admin' ? 'an admin' : 'an employee'}, with a temporary password?`;
  return {
    text: summary,
    proposal: {
      tool: 'add_user',
      summary,
      calls: [{ method: 'POST', path: '/users', body: { name, email: p.email, role: p.role }, generatePassword: true }],
    },
  };
}

// ---------------------------------------------------------------- carrying out a confirmed change

export interface Executed {
  ok: boolean;
  text: string;
  links: ChatLink[];
  /** The same sentence with any secret hidden (what the history keeps). */
  storedText: string;
  error?: string;
}

/** A password nobody chose: shown once to the admin who created the user, never stored. */
function temporaryPassword(): string {
  return `Sx-${randomBytes(9).toString('base64url')}`;
}

/** Makes the calls of a confirmed change, in order; says what was done and links to it. */
export async function execute(ctx: ToolContext, tool: AssistantTool, calls: ApiCall[]): Promise<Executed> {
  const links: ChatLink[] = [];
  const done: string[] = [];
  const failures: string[] = [];
  let secret: string | null = null;
  for (const call of calls) {
    const body = { ...call.body };
    if (call.generatePassword) body.password = secret = temporaryPassword();
    try {
      const { body: created } = await ctx.api.send<Record<string, unknown>>(call.method, call.path, body);
      const item = describeCreated(call.path, created, ctx.zone);
      done.push(item.text);
      links.push(item.link);
    } catch (e) {
      failures.push(explainApiError(e, whatFor(call.path)));
    }
  }
  const ok = done.length > 0;
  const parts = [ok ? `Done: ${done.join('; ')}.` : '', failures.length ? [...new Set(failures)].join(' ') : ''].filter(
    Boolean,
  );
  const text = parts.join(' ');
  const withSecret =
    secret && ok
      ? `${text} Temporary password: ${secret} — share it privately; they should change it after signing in.`
      : text;
  const storedText = secret && ok ? `${text} (The temporary password was shown once and is not kept.)` : text;
  return {
    ok,
    text: withSecret,
    storedText,
    links: dedupeLinks(links),
    error: ok ? undefined : failures.join(' ') || 'failed',
  };
}

function whatFor(path: string): string {
  if (path.startsWith('/tasks')) return 'create the task';
  if (path.startsWith('/calendar')) return 'schedule the meeting';
  if (path.startsWith('/workflows')) return 'create the workflow';
  if (path.startsWith('/users')) return 'add the user';
  return 'make that change';
}

function describeCreated(
  path: string,
  created: Record<string, unknown>,
  zone: string,
): { text: string; link: ChatLink } {
  const id = encodeURIComponent(String(created?.id ?? ''));
  if (path.startsWith('/tasks')) {
    const t = created as unknown as Task;
    return {
      text: `created task '${t.title}'${t.assigned_to ? ` for ${t.assigned_to}` : ''}${t.due_date ? `, due ${formatInZone(t.due_date, zone)}` : ''}`,
      link: { label: `Task: ${t.title}`, href: `/tasks?focus=${id}` },
    };
  }
  if (path.startsWith('/calendar')) {
    const ev = created as unknown as CalendarEventSaved;
    const conflicts = ev.conflicts?.length
      ? ` (note: ${plural(ev.conflicts.length, 'attendee')} already ${ev.conflicts.length === 1 ? 'has' : 'have'} something at that time)`
      : '';
    return {
      text: `scheduled '${ev.title}' on ${formatInZone(ev.start_time, zone)} with ${ev.attendees.join(', ')}${conflicts}`,
      link: { label: `Meeting: ${ev.title}`, href: `/calendar?focus=${id}` },
    };
  }
  if (path.startsWith('/workflows')) {
    const w = created as unknown as Workflow;
    return {
      text: `created the workflow '${w.name}' (active)`,
      link: { label: `Workflow: ${w.name}`, href: `/workflows?focus=${id}` },
    };
  }
  if (path.startsWith('/users')) {
    return {
      text: `added the user ${String(created.name)} (${String(created.email)})`,
      link: { label: 'User Management', href: '/users' },
    };
  }
  return { text: 'made the change', link: { label: 'Dashboard', href: '/' } };
}

function dedupeLinks(links: ChatLink[]): ChatLink[] {
  const seen = new Set<string>();
  return links.filter((l) => (seen.has(l.href) ? false : (seen.add(l.href), true))).slice(0, 10);
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
