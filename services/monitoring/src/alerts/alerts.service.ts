import { Injectable } from '@nestjs/common';
import type { Alert, AlertSeverity, AlertStatus, EventMap } from '@sixa/contracts';
import { createEvent } from '@sixa/kafka';
import type { ChangeResult } from '@sixa/mongo';
import { createLogger } from '@sixa/observability';
import { MonitoringError, MonitoringErrorCode } from '../monitoring.errors';
import type { Sample } from '../samples/samples.repository';
import { AlertsRepository } from './alerts.repository';
import { METRIC_LABELS } from '../samples/sample-metrics';
import { explainAlert } from './alert-explanation';
import type { Rule, RuleDecision } from './rules';

const logger = createLogger('monitoring:alerts');
const SOURCE = 'monitoring';

function titleOf(rule: Rule, target: string): string {
  if (rule.kind === 'unreachable') return `${target} unreachable`;
  return `${METRIC_LABELS[rule.metric].name} above ${rule.above}${METRIC_LABELS[rule.metric].unit}`;
}

function descriptionOf(rule: Rule, target: string, value: number | null): string {
  if (rule.kind === 'unreachable') return `${target} did not answer its probe for ${rule.for} samples in a row.`;
  const l = METRIC_LABELS[rule.metric];
  return `${l.name} has been above ${rule.above}${l.unit} for ${rule.for} sample(s) in a row; now ${value ?? '—'}${l.unit}.`;
}

export interface AlertCounts {
  open: number;
  last_24h: number;
  by_severity: Record<AlertSeverity, number>;
  /** Titles of the open alerts, most severe first. */
  open_titles: string[];
}

@Injectable()
export class AlertsService {
  /**
   * Called after a person changes alerts (acknowledge, resolve, simulate), so that the status (health,
   * counts) follows at once rather than at the next sample: the sampler sets it.
   */
  statusFollows: () => void = () => undefined;

  constructor(private readonly repo: AlertsRepository) {}

  /** An alert's event (the gateway's live stream forwards it). */
  private event(type: 'alert.raised' | 'alert.acknowledged' | 'alert.resolved', alert: Alert, actor: string) {
    return createEvent(SOURCE, type, alert.id, actor, { alert });
  }

  /**
   * Applies the rules' decisions: a firing rule opens one alert per target (none while one is open),
   * a cleared rule resolves its open alert. Returns what changed.
   */
  async reconcile(decisions: RuleDecision[], recent: Sample[]): Promise<{ opened: Alert[]; resolved: Alert[] }> {
    const opened: Alert[] = [];
    const resolved: Alert[] = [];
    for (const d of decisions) {
      if (d.state === 'firing') {
        const alert = await this.repo.openOnce(
          {
            severity: d.rule.severity,
            title: titleOf(d.rule, d.target),
            description: descriptionOf(d.rule, d.target, d.value),
            ai_analysis: explainAlert(d.rule, d.target, recent),
            rule: d.rule.id,
            target: d.target,
          },
          (a) => [this.event('alert.raised', a, 'system')],
        );
        if (alert) {
          logger.warn({ alert_id: alert.id, rule: d.rule.id, target: d.target }, 'alert raised');
          opened.push(alert);
        }
      } else if (d.state === 'clear') {
        // Nothing open (or resolved by hand meanwhile): `missing`, nothing to do.
        const done = await this.repo.resolveOpen(d.rule.id, d.target, this.resolution('auto'), this.resolved('auto'));
        if (done.status === 'changed') {
          logger.info(
            { alert_id: done.value.id, rule: d.rule.id, target: d.target },
            'alert resolved: condition cleared',
          );
          resolved.push(done.value);
        }
      }
    }
    return { opened, resolved };
  }

  /** An alert from the Testing & Simulation buttons: the whole alert path, with no fault behind it. */
  async simulate(
    severity: AlertSeverity,
    user: { id: string; name?: string; email?: string },
    latest: Sample | null,
  ): Promise<Alert> {
    const who = user.name || user.email || user.id;
    const context = latest
      ? `The latest sample (${latest.at.toISOString()}) shows CPU ${latest.cpu_usage}%, memory ${latest.memory_usage}%, disk ${latest.disk_usage}%, ${latest.api_response_time === null ? 'no API traffic to time' : `API p95 ${latest.api_response_time} ms`} and ${latest.probes.filter((p) => !p.ok).length} unreachable target(s).`
      : 'No sample has been taken yet.';
    return this.repo.raise(
      {
        severity,
        title: `Simulated ${severity} alert`,
        description: `Raised by ${who} from Testing & Simulation to check alert delivery (list, live stream, notifications).`,
        ai_analysis: `This alert was simulated: nothing is wrong because of it. ${context}`,
        rule: 'simulation',
        target: 'simulation',
      },
      (a) => [this.event('alert.raised', a, user.id)],
    );
  }

  /**
   * A business rule's alert (Settings › Business Rules, action raise_alert): raised once per command
   * (rule `business-rule:<id>`, target the command's correlation id), whatever the redeliveries.
   */
  async raiseForRule(cmd: EventMap['settings.rule_alert_raised'], actor: string): Promise<Alert | null> {
    const rule = `business-rule:${cmd.rule_id}`;
    if (await this.repo.raisedBefore(rule, cmd.correlation_id)) return null;
    return this.repo.openOnce(
      {
        severity: cmd.severity,
        title: cmd.title,
        description: cmd.description,
        ai_analysis: `Raised by the business rule "${cmd.rule_name}" on the event ${cmd.source_event_type} (${cmd.source_event_id}).`,
        rule,
        target: cmd.correlation_id,
      },
      (a) => [this.event('alert.raised', a, actor)],
    );
  }

  /** A connection of the Integrations Hub stopped working: one open alert per connection until resolved. */
  async raiseForConnection(
    failure: EventMap['integration.connection_failed'],
    eventId: string,
    actor: string,
  ): Promise<Alert | null> {
    const c = failure.connection;
    return this.repo.openOnce(
      {
        severity: 'high',
        title: `${c.platform_name} connection ${c.status}`,
        description: `The connection "${c.connection_name}" to ${c.platform_name} stopped working: ${failure.reason}`,
        ai_analysis: `Syncs from ${c.platform_name} stop until someone connects it again (Integrations Hub › My Connections). Event ${eventId}.`,
        rule: 'integration-connection',
        target: c.id,
      },
      (a) => [this.event('alert.raised', a, actor)],
    );
  }

  async acknowledge(id: string, userId: string): Promise<Alert> {
    const result = await this.repo.transition(
      id,
      ['active'],
      { status: 'acknowledged', acknowledged_at: new Date(), acknowledged_by: userId },
      (a) => [this.event('alert.acknowledged', a, userId)],
    );
    return this.outcome(id, result, 'acknowledged', 'only an active alert can be acknowledged');
  }

  async resolve(id: string, userId: string): Promise<Alert> {
    const result = await this.repo.transition(
      id,
      ['active', 'acknowledged'],
      this.resolution(userId),
      this.resolved(userId),
    );
    return this.outcome(id, result, 'resolved', 'it is already resolved');
  }

  private resolution(by: string) {
    return { status: 'resolved' as const, resolved_at: new Date(), resolved_by: by };
  }

  private resolved(by: string) {
    return (a: Alert) => [this.event('alert.resolved', a, by === 'auto' ? 'system' : by)];
  }

  /** What a transition's result means for the caller: the alert, 404 for an unknown one, 409 from the wrong state. */
  private async outcome(id: string, result: ChangeResult<Alert>, to: AlertStatus, why: string): Promise<Alert> {
    switch (result.status) {
      case 'changed':
      case 'unchanged':
        return result.value;
      case 'missing': {
        const alert = await this.repo.findById(id);
        if (!alert) throw new MonitoringError(MonitoringErrorCode.AlertNotFound, `No alert with id ${id}`);
        throw new MonitoringError(
          MonitoringErrorCode.AlertTransitionRefused,
          `The alert is ${alert.status} and cannot be ${to}: ${why}`,
        );
      }
      case 'stale':
      case 'contended':
        throw new MonitoringError(
          MonitoringErrorCode.AlertBusy,
          'This alert is being changed by others right now; try again',
        );
    }
  }

  list(limit: number, status?: AlertStatus | 'open'): Promise<Alert[]> {
    return this.repo.list(limit, status);
  }

  async get(id: string): Promise<Alert> {
    const alert = await this.repo.findById(id);
    if (!alert) throw new MonitoringError(MonitoringErrorCode.AlertNotFound, `No alert with id ${id}`);
    return alert;
  }

  /**
   * What the status and the analysis need of the alerts: the open ones and the number raised in the
   * last 24 h (two reads).
   */
  async summary(now = new Date()): Promise<AlertCounts> {
    const [open, last24h] = await Promise.all([
      this.repo.openAlerts(),
      this.repo.countSince(new Date(now.getTime() - 24 * 3_600_000)),
    ]);
    const rank: Record<AlertSeverity, number> = { critical: 0, high: 1, medium: 2, low: 3 };
    const by_severity: Record<AlertSeverity, number> = { low: 0, medium: 0, high: 0, critical: 0 };
    for (const a of open) by_severity[a.severity]++;
    return {
      open: open.length,
      last_24h: last24h,
      by_severity,
      open_titles: open.sort((a, b) => rank[a.severity] - rank[b.severity]).map((a) => a.title),
    };
  }
}
