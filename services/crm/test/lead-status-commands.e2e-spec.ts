import { TOPICS, type EventEnvelope, type Lead, type LeadStatusCommand } from '@sixa/contracts';
import { createEvent } from '@sixa/kafka';
import { consumerGroupsStable, EventRecorder, http, infra, onBrokers, sleep, uniqueNamespace } from '@sixa/testing';
import { Kafka, logLevel, type Producer } from 'kafkajs';
import { LeadsService } from '../src/leads/leads.service';
import { newLead, startCrm } from './factories';

/**
 * Commands to set a lead's status (a workflow step's, from work): applied once per correlation id,
 * answered on crm.events.v1 each time with that id. Through Kafka and the real store.
 */
describe('lead status commands', () => {
  let ctx: Awaited<ReturnType<typeof startCrm>>;
  let producer: Producer;
  let answers: EventRecorder;
  let n = 0;

  beforeAll(async () => {
    ctx = await startCrm();
    const kafka = new Kafka({ clientId: 'lead-commands-test', brokers: infra().brokers, logLevel: logLevel.NOTHING });
    producer = kafka.producer();
    await producer.connect();
    answers = await new EventRecorder(TOPICS.crm, (e) => e.type.startsWith('lead.status_')).start();
    // The command group reads from now on: wait until it has joined.
    await consumerGroupsStable([`${ctx.config.mongoDb}-lead-commands`]);
  });
  afterAll(async () => {
    await producer?.disconnect();
    await answers?.stop();
    await ctx?.stop();
  });

  const createLead = async (): Promise<Lead> => {
    const res = await http(ctx.url, 'POST', '/leads', { token: ctx.employee, body: newLead() });
    expect(res.status).toBe(201);
    return res.body;
  };
  const leadNow = async (id: string): Promise<Lead> =>
    (await http(ctx.url, 'GET', `/leads/${id}`, { token: ctx.employee })).body;

  const command = (over: Partial<LeadStatusCommand>): LeadStatusCommand => ({
    correlation_id: `run${Date.now()}${++n}:2`,
    lead_id: null,
    email: null,
    status: 'contacted',
    expires_at: new Date(Date.now() + 60_000).toISOString(),
    requested_by: { workflow_id: 'w', run_id: 'r', step: 2 },
    ...over,
  });
  /** Sent on this test's work topic, or another deployment's (`namespace`) on the same Kafka. */
  const send = (c: LeadStatusCommand, namespace = infra().namespace) => {
    const event = createEvent('work', 'lead.status_change_requested', c.lead_id ?? c.email ?? '', 'user-1', c);
    return producer.send({
      topic: onBrokers(TOPICS.work, namespace),
      messages: [{ key: event.subject, value: JSON.stringify(event) }],
    });
  };
  const answersTo = (correlationId: string) =>
    answers.events.filter((e) => (e.data as { correlation_id?: string }).correlation_id === correlationId);
  const answered = (correlationId: string, count = 1) =>
    (async () => {
      const end = Date.now() + 15_000;
      while (answersTo(correlationId).length < count && Date.now() < end) await sleep(100);
      return answersTo(correlationId);
    })();

  it('sets the status once per correlation id, answering every redelivery (also after a person changed it since)', async () => {
    const lead = await createLead();
    const c = command({ lead_id: lead.id });
    await Promise.all([send(c), send(c)]);
    const [first, second] = await answered(c.correlation_id, 2);
    expect(first.type).toBe('lead.status_changed');
    expect(first.data).toMatchObject({ lead_id: lead.id, from: 'new', to: 'contacted' });
    expect(second.type).toBe('lead.status_change_confirmed');
    expect(second.data).toMatchObject({ lead_id: lead.id, status: 'contacted', reason: 'already_applied' });
    expect((await leadNow(lead.id)).status).toBe('contacted');

    const edit = { ...newLead(), name: lead.name, email: lead.email, company: lead.company, status: 'qualified' };
    expect((await http(ctx.url, 'PUT', `/leads/${lead.id}`, { token: ctx.employee, body: edit })).status).toBe(200);
    await send(c);
    const third = (await answered(c.correlation_id, 3))[2];
    expect(third.type).toBe('lead.status_change_confirmed');
    expect((await leadNow(lead.id)).status).toBe('qualified');
    const changes = answers.events.filter(
      (e): e is EventEnvelope<'lead.status_changed'> =>
        e.type === 'lead.status_changed' && e.data.lead_id === lead.id && e.data.correlation_id === c.correlation_id,
    );
    expect(changes).toHaveLength(1);
  });

  it('confirms a lead already in the status (found by e-mail), rejects an unknown lead or status, drops an expired command and one for another crm', async () => {
    const lead = await createLead();
    const same = command({ email: lead.email.toUpperCase(), status: 'new' });
    await send(same);
    expect((await answered(same.correlation_id))[0]).toMatchObject({
      type: 'lead.status_change_confirmed',
      data: { lead_id: lead.id, status: 'new', reason: 'already_in_status' },
    });

    const unknown = command({ lead_id: '000000000000000000000000' });
    const notAnId = command({ lead_id: 'lead-42' });
    const badStatus = command({ lead_id: lead.id, status: 'promoted' });
    await Promise.all([send(unknown), send(notAnId), send(badStatus)]);
    expect((await answered(unknown.correlation_id))[0]).toMatchObject({
      type: 'lead.status_change_rejected',
      data: { code: 'lead_not_found', reason: 'no lead 000000000000000000000000' },
    });
    expect((await answered(notAnId.correlation_id))[0].data).toMatchObject({ code: 'lead_not_found' });
    expect((await answered(badStatus.correlation_id))[0].data).toMatchObject({ code: 'invalid_status' });

    const expired = command({
      lead_id: lead.id,
      status: 'lost',
      expires_at: new Date(Date.now() - 1000).toISOString(),
    });
    // Another deployment's command on the same Kafka: never seen here, so neither applied nor rejected.
    const elsewhere = command({ lead_id: lead.id, status: 'lost' });
    await Promise.all([send(expired), send(elsewhere, uniqueNamespace())]);
    await sleep(2000);
    expect(answersTo(expired.correlation_id)).toHaveLength(0);
    expect(answersTo(elsewhere.correlation_id)).toHaveLength(0);
    expect((await leadNow(lead.id)).status).toBe('new');
  });

  it('applies a command once even when the service handles it twice at the same time', async () => {
    const lead = await createLead();
    const leads = ctx.app.get(LeadsService);
    const c = command({ lead_id: lead.id, status: 'converted' });
    const replies = await Promise.all([leads.applyStatusCommand('u', c), leads.applyStatusCommand('u', c)]);
    expect(replies).toEqual([null, null]);
    const found = await answered(c.correlation_id, 2);
    expect(found.map((e) => e.type).sort()).toEqual(['lead.status_change_confirmed', 'lead.status_changed']);
    const after = await leadNow(lead.id);
    expect(after.status).toBe('converted');
  });
});
