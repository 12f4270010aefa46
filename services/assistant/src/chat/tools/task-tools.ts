import type { Task, TaskAssignee, TaskPriority, TaskStats } from '@sixa/contracts';
import { formatInZone } from '../chat-dates';
import { explainApiError } from '../workspace-api';
import type { CreatedKind } from './created';
import { plural, readAll, type ToolContext, type ToolOutcome } from './tool-context';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The team member meant by `name`: the one whose name is it or starts with it; several: ask. */
export async function findMember(
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

export const taskCreated: CreatedKind<Task> = {
  prefix: '/tasks',
  what: 'create the task',
  describe: (t, id, zone) => ({
    text: `created task '${t.title}'${t.assigned_to ? ` for ${t.assigned_to}` : ''}${t.due_date ? `, due ${formatInZone(t.due_date, zone)}` : ''}`,
    link: { label: `Task: ${t.title}`, href: `/tasks?focus=${id}` },
  }),
};
