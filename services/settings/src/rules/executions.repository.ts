import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { BusinessRuleExecution, EventEnvelope } from '@sixa/contracts';
import { OutboxRelay } from '@sixa/kafka';
import { BaseRepository, InjectConnection, isDuplicateKey } from '@sixa/mongo';
import type { Connection } from 'mongoose';
import { ExecutionSchema, type ExecutionDoc } from './rule.store';

/** How long an execution is kept (the log shows the recent ones). */
const KEEP_SECONDS = 90 * 86_400;

export type Execution = BusinessRuleExecution & { status: ExecutionDoc['status'] };

@Injectable()
export class ExecutionsRepository extends BaseRepository<ExecutionDoc, Execution> implements OnModuleInit {
  constructor(@InjectConnection() connection: Connection, relay: OutboxRelay) {
    super(connection.model<ExecutionDoc>('RuleExecution', ExecutionSchema), { outbox: relay });
  }

  override async onModuleInit() {
    await super.onModuleInit();
    await this.store.expireAfter(this.model.collection, 'created_at', KEEP_SECONDS);
  }

  override map(doc: unknown): Execution {
    const d = doc as ExecutionDoc;
    return {
      id: String(d._id),
      rule_id: d.rule_id,
      event_id: d.event_id,
      event_type: d.event_type,
      matched: d.matched,
      actions: d.actions ?? [],
      status: d.status,
      created_at: new Date(d.created_at).toISOString(),
    };
  }

  find(ruleId: string, eventId: string): Promise<Execution | null> {
    return this.model
      .findOne({ rule_id: ruleId, event_id: eventId })
      .lean()
      .then((d) => (d ? this.map(d) : null));
  }

  /** The execution of the rule on the event, made now with its commands unless it exists: `made` says which. */
  async record(
    data: Pick<ExecutionDoc, 'rule_id' | 'event_id' | 'event_type' | 'matched' | 'actions' | 'status'>,
    events: EventEnvelope[],
  ): Promise<{ made: boolean; execution: Execution }> {
    try {
      return { made: true, execution: await this.insert(data, () => events) };
    } catch (e) {
      if (!isDuplicateKey(e)) throw e;
      const existing = await this.find(data.rule_id, data.event_id);
      if (!existing) throw e;
      return { made: false, execution: existing };
    }
  }

  async finish(id: string, actions: ExecutionDoc['actions']): Promise<void> {
    await this.updateById(id, { $set: { status: 'done', actions } });
  }

  async recent(ruleId: string, matched?: boolean, limit = 100): Promise<Execution[]> {
    const filter = matched === undefined ? { rule_id: ruleId } : { rule_id: ruleId, matched };
    const docs = await this.model.find(filter).sort({ created_at: -1 }).limit(limit).lean();
    return docs.map((d) => this.map(d));
  }

  /** Matched executions per rule (the rules' execution_count). */
  async countsByRule(): Promise<Map<string, number>> {
    const groups = await this.summarise({ matched: true }, { by: 'rule_id' });
    return new Map(groups.map((g) => [String(g.key), g.count]));
  }
}
