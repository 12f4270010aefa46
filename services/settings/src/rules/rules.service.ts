import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import {
  type BusinessRule,
  type BusinessRuleAction,
  type BusinessRuleExecution,
  type BusinessRuleTestResult,
  type CreateBusinessRuleDto,
  type EventEnvelope,
  type TestBusinessRuleDto,
  type UpdateBusinessRuleDto,
} from '@sixa/contracts';
import { createEvent } from '@sixa/kafka';
import { MailDelivery } from '@sixa/mail';
import { idAndEtag, staleDetail } from '@sixa/mongo';
import { createLogger } from '@sixa/observability';
import { ObjectId } from 'mongodb';
import { SettingsConfigRef } from '../config.provider';
import { SettingsError, SettingsErrorCode } from '../settings.errors';
import { WebhookDeliveryService } from '../webhooks/webhook-delivery.service';
import { WebhooksService } from '../webhooks/webhooks.service';
import { ExecutionsRepository } from './executions.repository';
import { RuleMailsRepository } from './rule-mails.repository';
import { checkActions, checkConditions, describeAction, factOf, fill, matches } from './rule-engine';
import type { RuleDoc } from './rule.store';
import { RulesRepository } from './rules.repository';

const notFound = () => new SettingsError(SettingsErrorCode.RuleNotFound, 'No such business rule');
const invalid = (detail: string) => new SettingsError(SettingsErrorCode.InvalidRule, detail);
/** How long crm is asked to act on a lead status command (it drops it after). */
const COMMAND_TTL_MS = 24 * 3600_000;

/**
 * Business rules (Settings › Business Rules): evaluated with json-rules-engine on every domain event
 * of their trigger type, once per event (a unique execution per rule and event). Their actions go
 * out as commands in the same insert as the execution (task → work, lead status → crm, alert →
 * monitoring), or are done here, each once under its key (webhook delivery, mail).
 */
@Injectable()
export class RulesService implements OnModuleInit {
  private readonly mail: MailDelivery;
  private readonly logger = createLogger('settings:rules');

  constructor(
    private readonly rules: RulesRepository,
    private readonly executions: ExecutionsRepository,
    private readonly webhooks: WebhooksService,
    private readonly delivery: WebhookDeliveryService,
    private readonly config: SettingsConfigRef,
    mails: RuleMailsRepository,
  ) {
    this.mail = new MailDelivery(mails, () => ({
      smtpUrl: config.value.smtpUrl,
      from: config.value.mailFrom,
      outboxDir: config.value.mailOutboxDir,
      messageIdDomain: 'rules.sixa',
    }));
  }

  async onModuleInit() {
    await this.mail.ensureIndexes();
  }

  private toRule(d: RuleDoc, count: number): BusinessRule {
    return {
      ...idAndEtag(d),
      name: d.name,
      description: d.description,
      module: d.module,
      trigger_event: d.trigger_event,
      conditions: d.conditions,
      actions: d.actions,
      is_active: d.is_active,
      execution_count: count,
      created_by: d.created_by,
      created_at: d.created_at.toISOString(),
      updated_at: d.updated_at.toISOString(),
    };
  }

  async list(): Promise<BusinessRule[]> {
    const [docs, counts] = await Promise.all([this.rules.newestFirst(), this.executions.countsByRule()]);
    return docs.map((d) => this.toRule(d, counts.get(String(d._id)) ?? 0));
  }

  private async doc(id: string): Promise<RuleDoc> {
    const d = await this.rules.byId(id);
    if (!d) throw notFound();
    return d;
  }

  private async one(d: RuleDoc): Promise<BusinessRule> {
    return this.toRule(d, (await this.executions.countsByRule()).get(String(d._id)) ?? 0);
  }

  private async checked(dto: UpdateBusinessRuleDto): Promise<Partial<RuleDoc>> {
    const out: Partial<RuleDoc> = {};
    // An optional field sent as null is left as it is, like one not sent.
    if (dto.name != null) out.name = dto.name.trim();
    if (dto.description != null) out.description = dto.description;
    if (dto.module != null) out.module = dto.module;
    if (dto.trigger_event != null) out.trigger_event = dto.trigger_event;
    if (dto.is_active != null) out.is_active = dto.is_active;
    if (dto.conditions != null) {
      const c = checkConditions(dto.conditions);
      if (typeof c === 'string') throw invalid(c);
      out.conditions = c;
    }
    if (dto.actions != null) {
      const ids = new Set(
        dto.actions
          .map((a) => (a as { params?: { webhook_id?: unknown } })?.params?.webhook_id)
          .filter((x): x is string => typeof x === 'string'),
      );
      const known = new Set<string>();
      for (const id of ids) if (await this.webhooks.exists(id)) known.add(id);
      const a = checkActions(dto.actions, (id) => known.has(id));
      if (typeof a === 'string') throw invalid(a);
      out.actions = a;
    }
    return out;
  }

  async create(actor: AuthUser, dto: CreateBusinessRuleDto): Promise<BusinessRule> {
    const missing = (['name', 'module', 'trigger_event', 'actions'] as const).filter((f) => dto[f] == null);
    if (missing.length) throw invalid(`${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} required`);
    const fields = await this.checked(dto);
    const now = new Date();
    const doc: RuleDoc = {
      _id: new ObjectId(),
      name: fields.name!,
      description: fields.description ?? '',
      module: fields.module!,
      trigger_event: fields.trigger_event!,
      conditions: fields.conditions ?? { all: [] },
      actions: fields.actions!,
      is_active: fields.is_active ?? true,
      created_by: actor.id,
      rev: 0,
      created_at: now,
      updated_at: now,
    };
    await this.rules.add(doc);
    return this.toRule(doc, 0);
  }

  /** `expectedRev`: the revision the editor read; a rule changed since is not overwritten (409). */
  async update(id: string, dto: UpdateBusinessRuleDto, expectedRev?: number): Promise<BusinessRule> {
    const current = await this.doc(id);
    const set = { ...(await this.checked(dto)), updated_at: new Date() };
    const result = await this.rules.edit(current._id, set, expectedRev);
    if (result.status === 'missing') throw notFound();
    if (result.status === 'stale')
      throw new SettingsError(SettingsErrorCode.RuleChanged, staleDetail('business rule', result.rev));
    return this.one(result.doc);
  }

  activate(id: string, isActive: boolean): Promise<BusinessRule> {
    return this.update(id, { is_active: isActive });
  }

  async remove(id: string): Promise<void> {
    const current = await this.doc(id);
    await this.rules.remove(current._id);
  }

  /** The rule's latest executions (100), newest first; `matched` keeps only those it acted on (or did not). */
  async log(id: string, matched?: boolean): Promise<BusinessRuleExecution[]> {
    await this.doc(id);
    return (await this.executions.recent(id, matched)).map(({ status: _status, ...e }) => e);
  }

  /** What the rule would do with the sample event: evaluated for real, nothing done (no execution, no command). */
  async test(id: string, dto: TestBusinessRuleDto): Promise<BusinessRuleTestResult> {
    const rule = await this.doc(id);
    const type = dto.event.type ?? rule.trigger_event;
    const matched = type === rule.trigger_event && (await matches(rule.conditions, dto.event.data, type));
    return {
      matched,
      actions: matched
        ? rule.actions.map((a) => ({
            type: a.type,
            outcome: 'would_run' as const,
            detail: describeAction(a, dto.event.data, type),
          }))
        : [],
    };
  }

  // ---- on every domain event ---------------------------------------------------------------------

  async handle(event: EventEnvelope): Promise<void> {
    const rules = await this.rules.following(event.type);
    for (const rule of rules) await this.apply(rule, event);
  }

  private async apply(rule: RuleDoc, event: EventEnvelope): Promise<void> {
    const ruleId = String(rule._id);
    const existing = await this.executions.find(ruleId, event.id);
    if (existing?.status === 'done') return;
    let execution = existing;
    if (!execution) {
      const data = (event.data ?? {}) as Record<string, unknown>;
      const matched = await matches(rule.conditions, data, event.type);
      const commands: EventEnvelope[] = [];
      const actions = matched
        ? rule.actions.map((a, i) => {
            const out = this.command(rule, event, a, i);
            if (out.command) commands.push(out.command);
            return { type: a.type, outcome: out.outcome, detail: out.detail };
          })
        : [];
      const local = matched && rule.actions.some((a) => a.type === 'call_webhook' || a.type === 'send_email');
      const recorded = await this.executions.record(
        {
          rule_id: ruleId,
          event_id: event.id,
          event_type: event.type,
          matched,
          actions,
          status: local ? 'pending' : 'done',
        },
        commands,
      );
      execution = recorded.execution;
      if (!recorded.made && execution.status === 'done') return;
    }
    if (execution.status !== 'pending') return;
    // The actions done here, each once under its key: a redelivery after a crash finishes them.
    const actions = [...execution.actions];
    for (const [i, a] of rule.actions.entries()) {
      if (a.type !== 'call_webhook' && a.type !== 'send_email') continue;
      const key = `rule:${ruleId}:${event.id}:${i}`;
      try {
        if (a.type === 'call_webhook') {
          await this.delivery.owe(String(a.params.webhook_id), key, event);
        } else {
          const data = (event.data ?? {}) as Record<string, unknown>;
          await this.mail.send(
            {
              to: fill(String(a.params.to), data, event.type),
              subject: fill(String(a.params.subject), data, event.type),
              body: fill(String(a.params.body), data, event.type),
            },
            key,
            {},
          );
        }
        if (actions[i]) actions[i] = { ...actions[i], outcome: 'done' };
      } catch (err) {
        this.logger.warn({ err, rule: ruleId, event: event.id }, 'business rule action failed');
        if (actions[i])
          actions[i] = { ...actions[i], outcome: 'failed', detail: `${actions[i].detail}: ${(err as Error).message}` };
      }
    }
    await this.executions.finish(execution.id, actions);
  }

  /** The command an action sends (in the execution's outbox), or none for those done here. */
  private command(
    rule: RuleDoc,
    event: EventEnvelope,
    a: BusinessRuleAction,
    i: number,
  ): { command?: EventEnvelope; outcome: 'done' | 'failed' | 'would_run'; detail: string } {
    const data = (event.data ?? {}) as Record<string, unknown>;
    const ruleId = String(rule._id);
    const base = {
      correlation_id: `rule:${ruleId}:${event.id}:${i}`,
      rule_id: ruleId,
      rule_name: rule.name,
      source_event_id: event.id,
      source_event_type: event.type,
    };
    const detail = describeAction(a, data, event.type);
    const p = a.params;
    switch (a.type) {
      case 'create_task':
        return {
          outcome: 'done',
          detail,
          command: createEvent('settings', 'settings.rule_task_requested', ruleId, rule.created_by, {
            ...base,
            task: {
              title: fill(String(p.title), data, event.type).slice(0, 200),
              description: fill(String(p.description ?? ''), data, event.type),
              priority: p.priority as 'low' | 'medium' | 'high',
              assigned_to: String(p.assigned_to ?? ''),
            },
          }),
        };
      case 'raise_alert':
        return {
          outcome: 'done',
          detail,
          command: createEvent('settings', 'settings.rule_alert_raised', ruleId, rule.created_by, {
            ...base,
            severity: p.severity as 'low',
            title: `Business rule: ${rule.name}`.slice(0, 200),
            description: fill(String(p.message), data, event.type),
          }),
        };
      case 'set_lead_status': {
        const leadId =
          factOf(data, event.type, 'lead_id') ??
          (event.type.startsWith('lead.') ? factOf(data, event.type, 'id') : undefined);
        const email = factOf(data, event.type, 'email');
        if (typeof leadId !== 'string' && typeof email !== 'string')
          return { outcome: 'failed', detail: `${detail}: the event names no lead (no lead id or e-mail)` };
        return {
          outcome: 'done',
          detail,
          command: createEvent(
            'settings',
            'lead.status_change_requested',
            typeof leadId === 'string' ? leadId : String(email),
            rule.created_by,
            {
              correlation_id: base.correlation_id,
              lead_id: typeof leadId === 'string' ? leadId : null,
              email: typeof email === 'string' ? email : null,
              status: String(p.status),
              expires_at: new Date(Date.now() + COMMAND_TTL_MS).toISOString(),
              requested_by: { rule_id: ruleId, event_id: event.id, action: i },
            },
          ),
        };
      }
      case 'call_webhook':
      case 'send_email':
        return { outcome: 'would_run', detail };
    }
  }
}
