import { LEAD_SOURCES, LEAD_STATUSES, TASK_PRIORITIES, type AssistantTool, type TaskPriority } from '@sixa/contracts';
import { atHourInZone, parseSpokenDate } from '../chat-dates';
import type { Intent, MeetingParams } from '../intent-parser';
import type { LlmFunction } from '../llm-client';
import { explainLeadScore, rankTech, searchLeads } from './lead-tools';
import { prepareMeeting } from './meeting-tools';
import { platformHealth } from './platform-tools';
import { prepareTask, teamPerformance } from './task-tools';
import type { ToolContext, ToolOutcome } from './tool-context';
import { prepareAddUser } from './user-tools';
import { proposeFollowUpWorkflow } from './workflow-tools';

/** Tools that only read: a model's call of one is carried out at once and its result sent back. */
export const READ_TOOLS: ReadonlySet<AssistantTool> = new Set([
  'search_leads',
  'rank_tech_leads',
  'explain_lead_score',
  'team_performance',
  'platform_health',
]);

const fn = (
  name: AssistantTool,
  description: string,
  properties: Record<string, unknown> = {},
  required: string[] = [],
): LlmFunction => ({
  type: 'function',
  function: { name, description, parameters: { type: 'object', properties, required, additionalProperties: false } },
});

/** The same tools the parser uses, as JSON-schema functions for the model. */
export const LLM_FUNCTIONS: LlmFunction[] = [
  fn('search_leads', 'Search the workspace leads and summarise them (best score first).', {
    q: { type: 'string', description: 'Text to match in name, e-mail, company or notes' },
    label: { type: 'string', enum: ['Hot', 'Warm', 'Cold'] },
    status: { type: 'string', enum: [...LEAD_STATUSES] },
    source: { type: 'string', enum: [...LEAD_SOURCES] },
    limit: { type: 'integer', minimum: 1, maximum: 50 },
  }),
  fn(
    'rank_tech_leads',
    'Find existing leads at tech companies (keywords in company, notes or e-mail domain), ranked by score, and offer follow-up tasks. Never invents leads.',
  ),
  fn(
    'explain_lead_score',
    "Explain a lead's score from its scoring factors.",
    { lead: { type: 'string', description: 'Name, company or e-mail of the lead' } },
    ['lead'],
  ),
  fn(
    'create_task',
    'Propose a task (the user confirms before it is created).',
    {
      title: { type: 'string' },
      assignee: { type: 'string', description: 'Team member name' },
      due: { type: 'string', description: 'When it is due, in words ("Friday", "tomorrow at 3pm") or ISO 8601' },
      priority: { type: 'string', enum: [...TASK_PRIORITIES] },
      description: { type: 'string' },
    },
    ['title'],
  ),
  fn(
    'schedule_meeting',
    'Propose a calendar meeting (the user confirms before it is created).',
    {
      title: { type: 'string' },
      when: {
        type: 'string',
        description: 'Day and time in words ("tomorrow at 10") or ISO 8601, in the user\'s time zone',
      },
      attendees: { type: 'array', items: { type: 'string' }, description: 'E-mail addresses or team member names' },
      duration_minutes: { type: 'integer', minimum: 5, maximum: 1440 },
    },
    ['attendees'],
  ),
  fn('create_followup_workflow', 'Propose a follow-up workflow for new leads (the user confirms).', {
    hot_only: { type: 'boolean', description: 'Only leads scored 80 or more' },
    wait_days: { type: 'integer', minimum: 1, maximum: 30 },
  }),
  fn('team_performance', 'Completion rates and overdue tasks per assignee, from the tasks.'),
  fn('platform_health', "The platform's current health and open alerts (monitoring)."),
  fn(
    'add_user',
    'Propose adding a user account (admins only; the user confirms).',
    { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string', enum: ['admin', 'employee'] } },
    ['email'],
  ),
];

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** A model's call of `name` with `args`. */
export async function runTool(name: string, args: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutcome> {
  switch (name as AssistantTool) {
    case 'search_leads':
      return searchLeads(ctx, {
        q: str(args.q),
        label: (['Hot', 'Warm', 'Cold'] as const).find((l) => l === args.label),
        status: LEAD_STATUSES.find((s) => s === args.status),
        source: LEAD_SOURCES.find((s) => s === args.source),
        limit: typeof args.limit === 'number' ? args.limit : undefined,
      });
    case 'rank_tech_leads':
      return rankTech(ctx);
    case 'explain_lead_score':
      return explainLeadScore(ctx, str(args.lead) ?? '');
    case 'create_task': {
      const when = str(args.due) ? parseSpokenDate(str(args.due)!, ctx.zone, ctx.now) : null;
      const isoDue =
        str(args.due) && !Number.isNaN(Date.parse(str(args.due)!)) && /\d{4}-\d{2}-\d{2}/.test(str(args.due)!)
          ? new Date(str(args.due)!)
          : null;
      const due = isoDue ?? (when ? (when.hasTime ? when.at : atHourInZone(when.at, 17, ctx.zone)) : null);
      return prepareTask(ctx, {
        title: str(args.title) ?? '',
        assignee: str(args.assignee),
        assigneeExplicit: true,
        due: due?.toISOString(),
        priority: TASK_PRIORITIES.find((p) => p === args.priority) as TaskPriority | undefined,
        description: str(args.description),
      });
    }
    case 'schedule_meeting': {
      const attendees = Array.isArray(args.attendees) ? args.attendees.map(String) : [];
      const meeting: MeetingParams = {
        title: str(args.title),
        attendees: attendees.filter((a) => a.includes('@')).map((a) => a.toLowerCase()),
        names: attendees.filter((a) => !a.includes('@')),
        duration_minutes: typeof args.duration_minutes === 'number' ? Math.round(args.duration_minutes) : undefined,
      };
      const when = str(args.when) ? parseSpokenDate(str(args.when)!, ctx.zone, ctx.now) : null;
      if (when) {
        meeting.day = when.day;
        meeting.time = when.time ?? undefined;
      }
      return prepareMeeting(ctx, meeting);
    }
    case 'create_followup_workflow':
      return proposeFollowUpWorkflow({
        hotOnly: args.hot_only === true,
        waitDays: typeof args.wait_days === 'number' ? args.wait_days : 2,
      });
    case 'team_performance':
      return teamPerformance(ctx);
    case 'platform_health':
      return platformHealth(ctx);
    case 'add_user':
      return prepareAddUser(ctx, {
        email: str(args.email),
        name: str(args.name),
        role: args.role === 'admin' ? 'admin' : 'employee',
      });
    default:
      return { text: `There is no tool called ${name}.` };
  }
}

export const CAPABILITIES =
  "I can search and summarise your leads, find and rank leads at tech companies, explain a lead's score, " +
  "create tasks, schedule meetings, set up follow-up workflows, analyse team performance and report the platform's health.";

/** The parser's reading of a message, carried out (changes only proposed). */
export async function runIntent(
  intent: Exclude<Intent, { kind: 'confirm' }>,
  ctx: ToolContext,
  message: string,
): Promise<ToolOutcome> {
  switch (intent.kind) {
    case 'search_leads':
      return searchLeads(ctx, intent);
    case 'rank_tech_leads':
      return rankTech(ctx);
    case 'explain_lead_score':
      return explainLeadScore(ctx, intent.query);
    case 'create_task':
      return prepareTask(ctx, intent);
    case 'schedule_meeting':
      return prepareMeeting(ctx, intent.meeting);
    case 'create_followup_workflow':
      return proposeFollowUpWorkflow(intent);
    case 'team_performance':
      return teamPerformance(ctx);
    case 'platform_health':
      return platformHealth(ctx);
    case 'add_user':
      return prepareAddUser(ctx, intent);
    case 'greeting':
      return {
        text: `Hello${ctx.user.name ? ` ${ctx.user.name.split(' ')[0]}` : ''}! ${CAPABILITIES} What would you like to do?`,
      };
    case 'thanks':
      return { text: "You're welcome! Anything else I can do for you?" };
    case 'help': {
      const quoted = message.length > 80 ? `${message.slice(0, 77)}...` : message;
      return {
        text:
          `I'm not sure what you mean by "${quoted}". ${CAPABILITIES} ` +
          'Try for example: "show hot leads", "create a task to call Acme for Dana due Friday", ' +
          '"schedule a meeting tomorrow at 10 with ana@example.com" or "analyze team performance".',
      };
    }
  }
}
