import { breakingChanges, nextVersion } from './compatibility';
import { loadAsyncApiDocument, refTo, type AsyncApiDocument, type JsonSchema } from './document';

/** A small document: each event type's data schema on its topic, with named schemas beside. */
function doc(
  events: Record<string, { topic?: string; data: JsonSchema }>,
  schemas: Record<string, JsonSchema> = {},
  version = '1.0.0',
): AsyncApiDocument {
  const d: AsyncApiDocument = {
    asyncapi: '3.0.0',
    info: { title: 'events', version },
    channels: {},
    operations: {},
    components: { messages: {}, schemas },
  };
  for (const [type, { topic = 'crm.events.v1', data }] of Object.entries(events)) {
    const channel = topic.replace(/\W/g, '_');
    d.channels[channel] ??= { address: topic, title: topic, description: '', messages: {} };
    d.channels[channel].messages[type] = { $ref: refTo('components', 'messages', type) };
    d.components.messages[type] = {
      name: type,
      title: type,
      contentType: 'application/cloudevents+json',
      payload: {
        type: 'object',
        properties: { type: { type: 'string', const: type }, data },
        required: ['type', 'data'],
        additionalProperties: false,
      },
    };
  }
  return d;
}

const object = (properties: Record<string, JsonSchema>, required = Object.keys(properties)): JsonSchema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});
const string: JsonSchema = { type: 'string' };
const leadRef: JsonSchema = { $ref: '#/components/schemas/Lead' };
const lead = (extra: Record<string, JsonSchema> = {}, required?: string[]) =>
  object({ id: string, email: string, status: { type: 'string', enum: ['new', 'won'] }, ...extra }, required);

describe('breakingChanges', () => {
  const base = doc({ 'lead.created': { data: object({ lead: leadRef }) } }, { Lead: lead() });

  it('finds nothing between a document and itself', () => {
    expect(breakingChanges(base, structuredClone(base))).toEqual([]);
  });

  it('lets new event types, new topics, new optional fields and new descriptions through', () => {
    const after = doc(
      {
        'lead.created': { data: { ...(object({ lead: leadRef }) as object), description: 'A lead was made.' } },
        'lead.archived': { data: object({ lead: leadRef }) },
        'invoice.paid': { topic: 'billing.events.v1', data: object({ id: string }) },
      },
      { Lead: lead({ phone: string }, ['id', 'email', 'status']) },
    );
    expect(breakingChanges(base, after)).toEqual([]);
  });

  it('reports an event type removed, and a topic removed with it', () => {
    const before = doc(
      {
        'lead.created': { data: object({ lead: leadRef }) },
        'user.seen': { topic: 'gateway.presence.v1', data: object({ user_id: string }) },
      },
      { Lead: lead() },
    );
    expect(breakingChanges(before, base)).toEqual([
      'topic gateway.presence.v1: removed',
      'user.seen: event type removed (from gateway.presence.v1)',
    ]);
  });

  it('reports an event type moved to another topic', () => {
    const after = doc(
      { 'lead.created': { topic: 'work.events.v1', data: object({ lead: leadRef }) } },
      { Lead: lead() },
    );
    expect(breakingChanges(base, after)).toEqual([
      'topic crm.events.v1: removed',
      'lead.created: moved from topic crm.events.v1 to work.events.v1',
    ]);
  });

  it('reports a field removed from a named schema, at its path through the reference', () => {
    const after = doc(
      { 'lead.created': { data: object({ lead: leadRef }) } },
      { Lead: object({ id: string, status: { type: 'string', enum: ['new', 'won'] } }) },
    );
    expect(breakingChanges(base, after)).toEqual(['lead.created: data.lead.email removed']);
  });

  it("reports a field's type changed, widened to null or narrowed", () => {
    const widened = doc(
      { 'lead.created': { data: object({ lead: leadRef }) } },
      { Lead: lead({ email: { type: ['string', 'null'] } }) },
    );
    const retyped = doc(
      { 'lead.created': { data: object({ lead: leadRef }) } },
      { Lead: lead({ id: { type: 'number' } }) },
    );
    expect(breakingChanges(base, widened)).toEqual([
      'lead.created: data.lead.email type changed from string to null | string',
    ]);
    expect(breakingChanges(widened, base)).toEqual([
      'lead.created: data.lead.email type changed from null | string to string',
    ]);
    expect(breakingChanges(base, retyped)).toEqual(['lead.created: data.lead.id type changed from string to number']);
  });

  it('reports an enum value removed, and one added (an exhaustive switch over it breaks)', () => {
    const fewer = doc(
      { 'lead.created': { data: object({ lead: leadRef }) } },
      { Lead: lead({ status: { type: 'string', enum: ['new'] } }) },
    );
    const more = doc(
      { 'lead.created': { data: object({ lead: leadRef }) } },
      { Lead: lead({ status: { type: 'string', enum: ['new', 'won', 'lost'] } }) },
    );
    expect(breakingChanges(base, fewer)).toEqual(['lead.created: data.lead.status enum value "won" removed']);
    expect(breakingChanges(base, more)).toEqual(['lead.created: data.lead.status enum value "lost" added']);
  });

  it('reports a format added, changed or removed, and a changed constraint', () => {
    const dated = doc(
      { 'lead.created': { data: object({ lead: leadRef }) } },
      { Lead: lead({ email: { type: 'string', format: 'email' } }) },
    );
    const bounded = doc(
      { 'lead.created': { data: object({ lead: leadRef }) } },
      { Lead: lead({ id: { type: 'string', maxLength: 24 } }) },
    );
    expect(breakingChanges(base, dated)).toEqual(['lead.created: data.lead.email format "email" added']);
    expect(breakingChanges(dated, base)).toEqual(['lead.created: data.lead.email format "email" removed']);
    expect(breakingChanges(base, bounded)).toEqual(['lead.created: data.lead.id maxLength changed from none to 24']);
  });

  it('reports a field newly required, an optional field made required, and a required one made optional', () => {
    const optionalPhone = doc(
      { 'lead.created': { data: object({ lead: leadRef }) } },
      { Lead: lead({ phone: string }, ['id', 'email', 'status']) },
    );
    const requiredPhone = doc(
      { 'lead.created': { data: object({ lead: leadRef }) } },
      { Lead: lead({ phone: string }) },
    );
    const optionalEmail = doc(
      { 'lead.created': { data: object({ lead: leadRef }) } },
      { Lead: lead({}, ['id', 'status']) },
    );
    expect(breakingChanges(base, requiredPhone)).toEqual([
      'lead.created: data.lead.phone added as required (old events lack it)',
    ]);
    expect(breakingChanges(optionalPhone, requiredPhone)).toEqual([
      'lead.created: data.lead.phone now required (old events lack it)',
    ]);
    expect(breakingChanges(base, optionalEmail)).toEqual([
      'lead.created: data.lead.email no longer required (may be absent)',
    ]);
  });

  it('reports a fixed value changed, and other fields newly allowed', () => {
    const after = doc(
      { 'lead.created': { data: { ...(object({ lead: leadRef }) as object), additionalProperties: true } } },
      { Lead: lead() },
    );
    after.components.messages['lead.created']!.payload = {
      ...(after.components.messages['lead.created']!.payload as object),
      properties: {
        type: { type: 'string', const: 'lead.made' },
        data: { ...(object({ lead: leadRef }) as object), additionalProperties: true },
      },
    };
    expect(breakingChanges(base, after)).toEqual([
      'lead.created: type value changed from "lead.created" to "lead.made"',
      'lead.created: data now allows fields of any name',
    ]);
  });

  it('reports an alternative of a union added, removed, or changed in place (with what changed in it)', () => {
    const union = (...alternatives: JsonSchema[]) =>
      doc({ 'task.done': { data: object({ by: { anyOf: alternatives } }) } });
    const user = object({ user_id: string });
    const rule = object({ rule_id: string });
    const ruleV2 = object({ rule_id: { type: 'number' } });
    expect(breakingChanges(union(user, rule), union(rule, user))).toEqual([]);
    expect(breakingChanges(union(user), union(user, rule))).toEqual(['task.done: data.by alternative object added']);
    expect(breakingChanges(union(user, rule), union(user))).toEqual(['task.done: data.by alternative object removed']);
    expect(breakingChanges(union(user, rule), union(user, ruleV2))).toEqual([
      'task.done: data.by.rule_id type changed from string to number',
    ]);
    expect(breakingChanges(union(user, rule), doc({ 'task.done': { data: object({ by: user }) } }))).toEqual([
      'task.done: data.by type changed from object | object to object',
    ]);
  });

  it('compares a recursive schema once per level and ends', () => {
    const tree = (leaf: JsonSchema) =>
      doc(
        { 'rule.saved': { data: object({ condition: { $ref: '#/components/schemas/Condition' } }) } },
        {
          Condition: object({ field: leaf, any: { type: 'array', items: { $ref: '#/components/schemas/Condition' } } }),
        },
      );
    expect(breakingChanges(tree(string), tree(string))).toEqual([]);
    expect(breakingChanges(tree(string), tree({ type: 'number' }))).toEqual([
      'rule.saved: data.condition.field type changed from string to number',
    ]);
  });

  describe('on the committed document', () => {
    const committed = loadAsyncApiDocument();
    const edited = (edit: (schemas: Record<string, any>) => void) => {
      const copy = structuredClone(committed);
      edit(copy.components.schemas);
      return copy;
    };

    it('finds every event that carries a lead when a field of Lead is removed', () => {
      const changes = breakingChanges(
        committed,
        edited((s) => delete s.Lead.properties.company),
      );
      expect(changes).toEqual(
        expect.arrayContaining(['lead.created: data.lead.company removed', 'lead.updated: data.lead.company removed']),
      );
      expect(changes.filter((c) => !c.endsWith('.company removed'))).toEqual([]);
    });

    it('lets an optional field be added to the user snapshot', () => {
      expect(
        breakingChanges(
          committed,
          edited((s) => (s.UserSnapshot.properties.nickname = { type: 'string' })),
        ),
      ).toEqual([]);
    });

    it('reports a lead status added on every event that carries one', () => {
      const changes = breakingChanges(
        committed,
        edited((s) => s.LeadStatus.enum.push('archived')),
      );
      expect(changes).toEqual(expect.arrayContaining(['lead.status_changed: data.from enum value "archived" added']));
    });
  });
});

describe('nextVersion', () => {
  const before = doc({ 'lead.created': { data: object({ id: string }) } }, {}, '1.4.2');
  const same = doc({ 'lead.created': { data: object({ id: string }) } }, {}, '1.4.2');

  it('starts at 1.0.0', () => {
    expect(nextVersion(null, same)).toEqual({ ok: true, version: '1.0.0', breaking: [] });
  });

  it('keeps the version when nothing changed', () => {
    expect(nextVersion(before, same)).toEqual({ ok: true, version: '1.4.2', breaking: [] });
  });

  it('bumps the patch for a description, the minor for a compatible change', () => {
    const described = structuredClone(same);
    described.components.messages['lead.created']!.description = 'A lead was made.';
    const added = doc({
      'lead.created': { data: object({ id: string }) },
      'lead.won': { data: object({ id: string }) },
    });
    expect(nextVersion(before, described)).toMatchObject({ ok: true, version: '1.4.3' });
    expect(nextVersion(before, added)).toMatchObject({ ok: true, version: '1.5.0' });
  });

  it('refuses a breaking change, and makes a new major version of it when asked', () => {
    const removed = doc({ 'lead.created': { data: object({}) } });
    expect(nextVersion(before, removed)).toMatchObject({ ok: false, breaking: ['lead.created: data.id removed'] });
    expect(nextVersion(before, removed, { breaking: true })).toEqual({
      ok: true,
      version: '2.0.0',
      breaking: ['lead.created: data.id removed'],
    });
  });
});
