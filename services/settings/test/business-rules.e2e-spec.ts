import { TOPICS, type BusinessRule, type BusinessRuleExecution, type Task } from '@sixa/contracts';
import { createEvent } from '@sixa/kafka';
import { consumerGroupsStable, infra, onBrokers, sleep } from '@sixa/testing';
import { Kafka, logLevel, type Producer } from 'kafkajs';
import { newLead } from '../../crm/test/factories';
import { startSettingsStack, type SettingsStack } from './factories';

/**
 * Business rules run on real events: a rule on lead.created where source = Referral makes one task
 * per such lead in work (none for others), once per event even when Kafka delivers it twice; its
 * test endpoint says what it would do and does nothing. Other suites share Kafka: tasks are told
 * apart by their company, one per test.
 */
describe('business rules, through the gateway', () => {
  let stack: SettingsStack;
  let producer: Producer;

  beforeAll(async () => {
    stack = await startSettingsStack({ crm: true, work: true });
    producer = new Kafka({ clientId: 'rules-test', brokers: infra().brokers, logLevel: logLevel.NOTHING }).producer();
    await producer.connect();
    await consumerGroupsStable([`${stack.settingsDb}-business-rules`, `${stack.workDb}-rule-tasks`]);
  });
  afterAll(async () => {
    await producer?.disconnect();
    await stack?.stop();
  });

  const tasksTitled = async (title: string): Promise<Task[]> => {
    const res = await stack.as(stack.admin).get(`/tasks?q=${encodeURIComponent(title)}&limit=100`);
    const items = (Array.isArray(res.body) ? res.body : res.body.items) as Task[];
    return items.filter((t) => t.title === title);
  };

  /**
   * The rule on Referral leads of one company (each test its own: the Referral leads of other suites,
   * on the same Kafka, match none of them); `is_active: false` makes it switched off from the start.
   */
  async function referralRule(company: string, extra: { is_active?: boolean } = {}): Promise<BusinessRule> {
    const res = await stack.as(stack.admin).post('/settings/business-rules', {
      name: 'Referral follow-up',
      description: 'Referred leads get a call within a day',
      module: 'leads',
      trigger_event: 'lead.created',
      conditions: {
        all: [
          { fact: 'source', operator: 'equal', value: 'Referral' },
          { fact: 'company', operator: 'equal', value: company },
        ],
      },
      actions: [{ type: 'create_task', params: { title: 'Call referral {{name}}', priority: 'high' } }],
      ...extra,
    });
    expect(res.status).toBe(201);
    return res.body as BusinessRule;
  }

  it('creates exactly one task per Referral lead and none for the others', async () => {
    const company = `Referrers ${Date.now()}`;
    const rule = await referralRule(company);
    expect(rule).toMatchObject({ is_active: true, execution_count: 0 });
    const lead = (name: string, source: string) => newLead({ name: `${company} ${name}`, company, source });
    const referred = [lead('Ann', 'Referral'), lead('Bob', 'Referral')];
    const other = lead('Cy', 'Website');
    for (const l of [...referred, other]) expect((await stack.as(stack.admin).post('/leads', l)).status).toBe(201);

    for (const l of referred) {
      const title = `Call referral ${l.name}`;
      const start = Date.now();
      while ((await tasksTitled(title)).length === 0 && Date.now() - start < 15_000) await sleep(200);
      const tasks = await tasksTitled(title);
      expect(tasks).toHaveLength(1);
      expect(tasks[0]).toMatchObject({ priority: 'high', tags: ['business-rule'] });
    }
    await sleep(1_500);
    for (const l of referred) expect(await tasksTitled(`Call referral ${l.name}`)).toHaveLength(1);
    expect(await tasksTitled(`Call referral ${other.name}`)).toHaveLength(0);

    // The log holds every lead.created the rule looked at (other suites' too): the matched ones are ours.
    const matched = (await stack.as(stack.admin).get(`/settings/business-rules/${rule.id}/executions?matched=true`))
      .body as BusinessRuleExecution[];
    expect(matched).toHaveLength(2);
    expect(matched.every((e) => e.matched)).toBe(true);
    expect(matched[0].actions[0]).toMatchObject({ type: 'create_task', outcome: 'done' });
    const listed = ((await stack.as(stack.admin).get('/settings/business-rules')).body as BusinessRule[]).find(
      (r) => r.id === rule.id,
    )!;
    expect(listed.execution_count).toBe(2);
    const bad = await stack.as(stack.admin).get(`/settings/business-rules/${rule.id}/executions?matched=maybe`);
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/matched must be true or false/);
    await stack.as(stack.admin).post(`/settings/business-rules/${rule.id}/activate`, { is_active: false });
  });

  it('applies once per event when Kafka delivers the same event twice', async () => {
    const name = `Redelivered ${Date.now()}`;
    const rule = await referralRule(name);
    const event = createEvent('crm', 'lead.created', `lead-${Date.now()}`, 'user-1', {
      lead: { ...newLead({ name, company: name, source: 'Referral' }), id: `lead-${Date.now()}` } as never,
    });
    const message = { key: event.subject, value: JSON.stringify(event) };
    await producer.send({ topic: onBrokers(TOPICS.crm), messages: [message] });
    await producer.send({ topic: onBrokers(TOPICS.crm), messages: [message] });
    const start = Date.now();
    while ((await tasksTitled(`Call referral ${name}`)).length === 0 && Date.now() - start < 15_000) await sleep(200);
    await sleep(2_000);
    expect(await tasksTitled(`Call referral ${name}`)).toHaveLength(1);
    const log = (await stack.as(stack.admin).get(`/settings/business-rules/${rule.id}/executions?matched=true`))
      .body as BusinessRuleExecution[];
    expect(log.map((e) => e.event_id)).toEqual([event.id]);
    await stack.as(stack.admin).post(`/settings/business-rules/${rule.id}/activate`, { is_active: false });
  });

  it('tests a rule on a sample event, saying what it would do and doing nothing', async () => {
    const name = `Sample ${Date.now()}`;
    // Off from its creation: what the test endpoint does is all that can happen.
    const rule = await referralRule(name, { is_active: false });
    expect(rule.is_active).toBe(false);
    const yes = await stack.as(stack.admin).post(`/settings/business-rules/${rule.id}/test`, {
      event: { data: { lead: { name, company: name, source: 'Referral' } } },
    });
    expect(yes.status).toBe(200);
    expect(yes.body).toEqual({
      matched: true,
      actions: [
        {
          type: 'create_task',
          outcome: 'would_run',
          detail: `create the task "Call referral ${name}" (priority high)`,
        },
      ],
    });
    const no = await stack.as(stack.admin).post(`/settings/business-rules/${rule.id}/test`, {
      event: { data: { lead: { name, company: name, source: 'Website' } } },
    });
    expect(no.body).toEqual({ matched: false, actions: [] });
    await sleep(1_000);
    expect(await tasksTitled(`Call referral ${name}`)).toHaveLength(0);
    expect((await stack.as(stack.admin).get(`/settings/business-rules/${rule.id}/executions`)).body).toEqual([]);
  });

  it('checks a rule (400 naming what is wrong), edits and deletes it, admin only', async () => {
    const admin = stack.as(stack.admin);
    const base = { name: 'R', module: 'leads', trigger_event: 'lead.created' };
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ name: 'R' }, /module, trigger_event, actions are required/],
      [{ ...base, actions: [] }, /at least one action/],
      [{ ...base, actions: [{ type: 'launch_rocket', params: {} }] }, /type must be one of/],
      [{ ...base, actions: [{ type: 'create_task', params: {} }] }, /create_task needs a title/],
      [{ ...base, actions: [{ type: 'set_lead_status', params: { status: 'won' } }] }, /needs a status, one of new/],
      [{ ...base, actions: [{ type: 'call_webhook', params: { webhook_id: 'nope' } }] }, /id of one of the webhooks/],
      [
        {
          ...base,
          conditions: { all: [{ fact: 'source', operator: 'like', value: 'x' }] },
          actions: [{ type: 'raise_alert', params: { severity: 'high', message: 'm' } }],
        },
        /operator must be one of/,
      ],
      [{ ...base, trigger_event: 'Lead Created', actions: [] }, /trigger event must be an event type/],
      // Optional fields sent as null, and empty actions (found by schemathesis: a 500 before).
      [{ ...base, conditions: null, actions: [null, null] }, /action 1: type must be one of/],
      [{ ...base, name: null, actions: [{ type: 'raise_alert', params: { severity: 'high', message: 'm' } }] }, /name/],
      [
        { ...base, conditions: [], actions: [{ type: 'raise_alert', params: { message: 'm' } }] },
        /conditions must be an object/,
      ],
    ];
    for (const [body, detail] of cases) {
      const res = await admin.post('/settings/business-rules', body);
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(detail);
    }
    const rule = await referralRule(`Edited ${Date.now()}`);
    const edited = await admin.put(`/settings/business-rules/${rule.id}`, { name: 'Renamed', is_active: false });
    expect(edited.body).toMatchObject({ name: 'Renamed', is_active: false });
    expect((await admin.delete(`/settings/business-rules/${rule.id}`)).status).toBe(204);
    expect((await admin.put(`/settings/business-rules/${rule.id}`, { name: 'x' })).status).toBe(404);
    expect((await stack.as(stack.employee).get('/settings/business-rules')).status).toBe(403);
  });
});
