import { Injectable } from '@nestjs/common';
import {
  INSIGHT_SUBJECTS_MAX,
  PRESENCE_WINDOW_MS,
  type Activity,
  type DashboardMetrics,
  type Insight,
  type RevenueMonth,
} from '@sixa/contracts';
import { AssistantConfigRef } from '../config.provider';
import {
  centsToAmount,
  growthPercent,
  listed,
  monthKeyIn,
  plural,
  startOfDayIn,
  startOfMonthIn,
  successFell,
  successRate,
  leadMatcher,
  taskText,
  FAILURE_STREAK,
  RECENT_RUNS,
  type SuccessFall,
} from './dashboard.rules';
import { ReadModelRepository } from './read-model.repository';

const OPEN_TASK = ['pending', 'in_progress'];
/** Quotes a customer can still accept: expiring ones are worth a reminder. */
const OPEN_QUOTE = ['sent', 'viewed'];
const EXPIRING_WITHIN_MS = 3 * 24 * 3600_000;
/** Bounds on what one insight reads (the read model is small: one document per thing). */
const SCAN_LIMIT = 5000;
/** A workflow whose last failure is older than this has recovered or stopped: no insight. */
const FAILURE_LOOKBACK_MS = 30 * 24 * 3600_000;

/** The dashboard's figures, insights and feed, computed from the read model when asked. */
@Injectable()
export class DashboardService {
  constructor(
    private readonly model: ReadModelRepository,
    private readonly config: AssistantConfigRef,
  ) {}

  private get zone() {
    return this.config.value.dashboardTimeZone;
  }

  async metrics(now = new Date()): Promise<DashboardMetrics> {
    const m = this.model;
    const today = startOfDayIn(now, this.zone);
    const [revenue, thisMonth, lastMonth, active, automated, actionsOk, actionsAll, members, online, asOf] =
      await Promise.all([
        m.acceptedCents(),
        this.acceptedCentsBetween(startOfMonthIn(now, this.zone), now),
        this.acceptedCentsBetween(startOfMonthIn(now, this.zone, -1), startOfMonthIn(now, this.zone)),
        m.workflows.countDocuments({ deleted: false, enabled: true }),
        m.runs.countDocuments({ ended_at: { $gte: today } }),
        m.actions.countDocuments({ at: { $gte: today }, ok: true }),
        m.actions.countDocuments({ at: { $gte: today } }),
        m.members.countDocuments({ deleted: false }),
        this.onlineMembers(now),
        m.asOf(),
      ]);
    return {
      total_revenue: centsToAmount(revenue.cents),
      revenue_growth: growthPercent(thisMonth, lastMonth),
      active_workflows: active,
      automated_today: automated,
      ai_tasks_completed: actionsOk,
      success_rate: successRate(actionsOk, actionsAll),
      team_members: members,
      online_members: online,
      time_zone: this.zone,
      as_of: asOf ? asOf.toISOString() : null,
    };
  }

  /** Accepted revenue per month in the dashboard's zone, the last 12 months (this one included), oldest first. */
  async revenueTrend(now = new Date()): Promise<RevenueMonth[]> {
    const from = startOfMonthIn(now, this.zone, -11);
    const months = new Map<string, { cents: number; quotes: number }>();
    for (let i = -11; i <= 0; i++)
      months.set(monthKeyIn(startOfMonthIn(now, this.zone, i), this.zone), { cents: 0, quotes: 0 });
    const accepted = this.model.quotes.find(
      { status: 'accepted', accepted_at: { $gte: from } },
      { projection: { total_cents: 1, accepted_at: 1 } },
    );
    for await (const q of accepted) {
      const month = months.get(monthKeyIn(q.accepted_at as Date, this.zone));
      if (!month) continue;
      month.cents += q.total_cents;
      month.quotes++;
    }
    return [...months].map(([month, v]) => ({ month, revenue: centsToAmount(v.cents), quotes: v.quotes }));
  }

  async insights(now = new Date()): Promise<Insight[]> {
    const found = await Promise.all([
      this.criticalAlerts(),
      this.overdueTasks(now),
      this.hotLeadsWithoutTask(),
      this.quotesExpiring(now),
      this.workflowsFalling(now),
    ]);
    const order = { high: 0, medium: 1, low: 2 } as const;
    return found
      .flat()
      .filter((i) => i.count > 0)
      .sort((a, b) => order[a.priority] - order[b.priority] || b.count - a.count);
  }

  /** What the assistant and the workflows did, newest first: runs (one entry each, as they stand) and the assistant's actions. */
  async activity(limit: number): Promise<Activity[]> {
    const [runs, actions] = await Promise.all([
      this.model.runs.find({}).sort({ started_at: -1 }).limit(limit).toArray(),
      this.model.actions.find({ source: 'assistant' }).sort({ at: -1 }).limit(limit).toArray(),
    ]);
    const fromRuns: Activity[] = runs.map((r) => ({
      id: r._id,
      source: 'workflow',
      status: r.status === 'running' ? 'running' : r.status === 'succeeded' ? 'completed' : 'failed',
      title: `Workflow "${r.workflow_name}"`,
      detail:
        r.status === 'running'
          ? 'Running'
          : r.status === 'succeeded'
            ? 'Run completed'
            : `Run failed: ${r.error ?? 'unknown error'}`,
      at: (r.ended_at ?? r.started_at).toISOString(),
      link: `/workflows?run=${encodeURIComponent(r._id)}`,
    }));
    const fromActions: Activity[] = actions.map((a) => ({
      id: a._id,
      source: 'assistant',
      status: a.ok ? 'completed' : 'failed',
      title: `SIXA: ${a.action.replace(/_/g, ' ')}`,
      detail: a.ok ? a.summary : `${a.summary} (failed: ${a.error ?? 'unknown error'})`,
      at: a.at.toISOString(),
      link: a.link,
    }));
    return [...fromRuns, ...fromActions].sort((a, b) => b.at.localeCompare(a.at)).slice(0, limit);
  }

  private async acceptedCentsBetween(from: Date, to: Date): Promise<number> {
    let cents = 0;
    const rows = this.model.quotes.find(
      { status: 'accepted', accepted_at: { $gte: from, $lt: to } },
      { projection: { total_cents: 1 } },
    );
    for await (const q of rows) cents += q.total_cents;
    return cents;
  }

  private async onlineMembers(now: Date): Promise<number> {
    const seen = await this.model.seenSince(new Date(now.getTime() - PRESENCE_WINDOW_MS));
    if (!seen.length) return 0;
    return this.model.members.countDocuments({ deleted: false, email: { $in: seen } });
  }

  private async criticalAlerts(): Promise<Insight[]> {
    const open = await this.model.alerts
      .find({ severity: 'critical', status: 'active' })
      .sort({ updated_at: -1 })
      .limit(SCAN_LIMIT)
      .toArray();
    return [
      {
        id: 'critical_alerts',
        kind: 'critical_alerts',
        priority: 'high',
        count: open.length,
        subject_ids: ids(open),
        title: `${plural(open.length, 'critical alert')} open`,
        description: `Not acknowledged yet: ${listed(open.map((a) => a.title))}.`,
        action: { label: 'Review alerts', route: '/monitoring', query: { tab: 'alerts' } },
      },
    ];
  }

  private async overdueTasks(now: Date): Promise<Insight[]> {
    const overdue = await this.model.tasks
      .find({ deleted: false, status: { $in: OPEN_TASK as never[] }, overdue_at: { $ne: null } })
      .sort({ due_date: 1 })
      .limit(SCAN_LIMIT)
      .toArray();
    const due = overdue.filter((t) => t.due_date && t.due_date.getTime() <= now.getTime());
    const people = [...new Set(due.map((t) => t.assigned_to).filter(Boolean))];
    return [
      {
        id: 'overdue_tasks',
        kind: 'overdue_tasks',
        priority: due.length >= 5 ? 'high' : 'medium',
        count: due.length,
        subject_ids: ids(due),
        title: `${plural(due.length, 'task')} overdue`,
        description:
          `Past their due date and still open: ${listed(due.map((t) => `"${t.title}"`))}` +
          (people.length ? ` (assigned to ${listed(people)}).` : '.'),
        action: { label: 'Open overdue tasks', route: '/tasks', query: { overdue: 'true' } },
      },
    ];
  }

  private async hotLeadsWithoutTask(): Promise<Insight[]> {
    const [hot, open] = await Promise.all([
      this.model.leads
        .find({ label: 'Hot', status: { $nin: ['converted', 'lost'] } })
        .sort({ score: -1 })
        .limit(SCAN_LIMIT)
        .toArray(),
      this.model.tasks
        .find(
          { deleted: false, status: { $in: OPEN_TASK as never[] } },
          { projection: { title: 1, description: 1, tags: 1 } },
        )
        .limit(SCAN_LIMIT)
        .toArray(),
    ]);
    const tasks = open.map(taskText);
    const uncovered = hot.filter((lead) => {
      const concerns = leadMatcher({ id: lead._id, name: lead.name, email: lead.email });
      return !tasks.some(concerns);
    });
    return [
      {
        id: 'hot_leads_without_task',
        kind: 'hot_leads_without_task',
        priority: 'high',
        count: uncovered.length,
        subject_ids: ids(uncovered),
        title: `${plural(uncovered.length, 'hot lead')} without an open task`,
        description: `Scored 80 or more with nobody on them: ${listed(
          uncovered.map((l) => (l.company ? `${l.name} (${l.company})` : l.name)),
        )}. Ask SIXA to create follow-up tasks.`,
        action: { label: 'Open hot leads', route: '/leads', query: { label: 'Hot' } },
      },
    ];
  }

  private async quotesExpiring(now: Date): Promise<Insight[]> {
    const soon = await this.model.quotes
      .find({
        status: { $in: OPEN_QUOTE },
        expires_at: { $gt: now, $lte: new Date(now.getTime() + EXPIRING_WITHIN_MS) },
      })
      .sort({ expires_at: 1 })
      .limit(SCAN_LIMIT)
      .toArray();
    const withinADay = soon.some((q) => (q.expires_at as Date).getTime() - now.getTime() <= 24 * 3600_000);
    const cents = soon.reduce((sum, q) => sum + q.total_cents, 0);
    return [
      {
        id: 'quotes_expiring',
        kind: 'quotes_expiring',
        priority: withinADay ? 'high' : 'medium',
        count: soon.length,
        subject_ids: ids(soon),
        title: `${plural(soon.length, 'quote')} expiring within 3 days`,
        description: `Worth ${formatMoney(centsToAmount(cents))} together, not accepted yet: ${listed(
          soon.map((q) => `${q.quote_number}${q.customer_name ? ` (${q.customer_name})` : ''}`),
        )}.`,
        action: { label: 'Open quotes', route: '/quotes', query: { status: 'sent' } },
      },
    ];
  }

  /**
   * Only a workflow with a failed run among its recent ones can have fallen: those are found with
   * one query, and only their histories read (not one query per workflow).
   */
  private async workflowsFalling(now: Date): Promise<Insight[]> {
    const failed = await this.model.runs
      .find(
        { status: 'failed', ended_at: { $gte: new Date(now.getTime() - FAILURE_LOOKBACK_MS) } },
        { projection: { workflow_id: 1 } },
      )
      .limit(SCAN_LIMIT)
      .toArray();
    const candidates = [...new Set(failed.map((r) => r.workflow_id))];
    const live = candidates.length
      ? await this.model.workflows.find({ _id: { $in: candidates }, deleted: false }).toArray()
      : [];
    const falling: Array<{ _id: string; name: string } & SuccessFall> = [];
    for (const w of live) {
      const runs = await this.model.runs
        .find({ workflow_id: w._id, ended_at: { $ne: null } }, { projection: { status: 1 } })
        .sort({ ended_at: -1 })
        .limit(RECENT_RUNS * 2)
        .toArray();
      const fell = successFell(runs.map((r) => r.status === 'succeeded'));
      if (fell) falling.push({ _id: w._id, name: w.name, ...fell });
    }
    // The longest failure streak first, then the steepest fall.
    falling.sort((a, b) => b.streak - a.streak || b.before - b.now - (a.before - a.now));
    return [
      {
        id: 'workflow_success_fell',
        kind: 'workflow_success_fell',
        priority: falling.some((f) => f.streak >= FAILURE_STREAK) ? 'high' : 'medium',
        count: falling.length,
        subject_ids: ids(falling),
        title: `${plural(falling.length, 'workflow')} failing more often`,
        description: `${listed(
          falling.map((f) =>
            f.streak >= FAILURE_STREAK
              ? `${f.name}: its last ${f.streak} runs failed (${f.before}% succeeded before)`
              : `${f.name}: ${f.now}% of its last ${RECENT_RUNS} runs succeeded (${f.before}% before)`,
          ),
        )}. Open its run history to see which step fails.`,
        action: {
          label: 'Open workflows',
          route: '/workflows',
          query: falling.length === 1 ? { workflow: falling[0]._id } : {},
        },
      },
    ];
  }
}

const ids = (records: Array<{ _id: string }>) => records.slice(0, INSIGHT_SUBJECTS_MAX).map((r) => r._id);

const formatMoney = (amount: number) =>
  amount.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
