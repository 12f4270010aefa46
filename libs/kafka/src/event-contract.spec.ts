import { TOPICS } from '@sixa/contracts';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createEvent } from './envelope';
import { EventContractCheck, type ContractViolation } from './event-contract';

describe(EventContractCheck.name, () => {
  let dir: string;
  let file: string;
  let check: EventContractCheck;
  const recorded = (): ContractViolation[] => {
    try {
      return readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as ContractViolation);
    } catch {
      return [];
    }
  };
  const message = (event: { subject: string; type?: string }, key = event.subject) => ({
    key,
    value: JSON.stringify(event),
  });
  const seen = (data: Record<string, unknown>) =>
    createEvent('gateway', 'user.seen', 'user-1', 'user-1', data as { user_id: string; email: string; at: string });

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'event-contract-'));
    file = path.join(dir, 'violations.jsonl');
    check = new EventContractCheck(file);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is off without SIXA_EVENT_CONTRACT_CHECK (production), and writes to the file it names', () => {
    expect(EventContractCheck.fromEnv({})).toBeNull();
    expect(EventContractCheck.fromEnv({ SIXA_EVENT_CONTRACT_CHECK: file })?.file).toBe(file);
  });

  it('accepts the events the services make, on their topics', async () => {
    const scored = createEvent('crm', 'lead.scored', 'lead-1', 'system', {
      lead_id: 'lead-1',
      email: 'a@example.com',
      score: 40,
      previous_score: 10,
      factors: [{ factor: 'company', points: 10 }],
    });
    await check.check(TOPICS.crm, [message(scored)]);
    await check.check(TOPICS.presence, [
      message(seen({ user_id: 'user-1', email: 'a@example.com', at: new Date().toISOString() })),
    ]);
    expect(recorded()).toEqual([]);
  });

  it('records each way an event differs from its schema: a field missing, of another type, or not declared', async () => {
    const event = seen({ user_id: 7, at: new Date().toISOString(), ip: '10.0.0.1' });
    await check.check(TOPICS.presence, [message(event)]);
    const at = { topic: TOPICS.presence, type: 'user.seen', id: event.id };
    expect(recorded()).toEqual(
      expect.arrayContaining([
        { ...at, path: '/data', message: expect.stringContaining("must have required property 'email'") },
        { ...at, path: '/data', message: expect.stringContaining('"additionalProperty":"ip"') },
        { ...at, path: '/data/user_id', message: expect.stringContaining('must be string') },
      ]),
    );
    expect(recorded()).toHaveLength(3);
  });

  it('records an envelope whose time is not a date-time', async () => {
    const event = { ...seen({ user_id: 'u', email: 'e', at: '' }), time: 'yesterday' };
    await check.check(TOPICS.presence, [message(event)]);
    expect(recorded()).toEqual([
      expect.objectContaining({ path: '/time', message: expect.stringContaining('must match format "date-time"') }),
    ]);
  });

  it('records an event on a topic the document does not put it on, of an unknown type, or not JSON', async () => {
    const event = seen({ user_id: 'u', email: 'e', at: '' });
    await check.check(TOPICS.crm, [
      message(event),
      message({ ...event, type: 'lead.teleported' }),
      { key: 'k', value: '{not json' },
    ]);
    expect(recorded().map((v) => [v.type, v.path, v.message])).toEqual([
      ['user.seen', '', `published on ${TOPICS.crm}; the document puts it on ${TOPICS.presence}`],
      ['lead.teleported', '/type', 'not an event type of the AsyncAPI document'],
      ['', '', 'not JSON'],
    ]);
  });

  it('records a Kafka key that is not the subject (one subject, one partition, in order)', async () => {
    await check.check(TOPICS.presence, [message(seen({ user_id: 'u', email: 'e', at: '' }), 'someone-else')]);
    expect(recorded()).toEqual([
      expect.objectContaining({ path: '/subject', message: 'the Kafka key "someone-else" is not the subject' }),
    ]);
  });

  it("leaves alone the topics the document does not name (dead letters, a test's own)", async () => {
    await check.check(`${TOPICS.crm}.dlq`, [{ key: 'k', value: 'anything' }]);
    await check.check('test.consumer-keys.v1', [message({ subject: 'k', type: 'nothing' })]);
    expect(recorded()).toEqual([]);
  });
});
