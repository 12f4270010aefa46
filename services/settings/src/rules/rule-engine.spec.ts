import { checkActions, checkConditions, factOf, fill, matches } from './rule-engine';

describe('business rule engine', () => {
  const lead = { lead: { id: 'l1', name: 'Ada', source: 'Referral', score: 72, company: { size: 40 } } };

  it('reads facts in the event data, in the aggregate the event is named after, or the only one', () => {
    expect(factOf(lead, 'lead.created', 'source')).toBe('Referral');
    expect(factOf(lead, 'lead.created', 'lead.source')).toBe('Referral');
    expect(factOf(lead, 'lead.created', 'company.size')).toBe(40);
    expect(
      factOf({ quote: { total_amount: 9 }, acceptance: { method: 'e_signature' } }, 'quote.accepted', 'total_amount'),
    ).toBe(9);
    expect(factOf({ a: { x: 1 }, b: { x: 2 } }, 'other.thing', 'x')).toBeUndefined();
    expect(factOf(lead, 'lead.created', 'event_type')).toBe('lead.created');
  });

  it('evaluates all / any with json-rules-engine operators', async () => {
    const referral = { all: [{ fact: 'source', operator: 'equal', value: 'Referral' }] };
    expect(await matches(referral, lead, 'lead.created')).toBe(true);
    expect(await matches(referral, { lead: { source: 'Website' } }, 'lead.created')).toBe(false);
    const hot = {
      all: [
        { fact: 'score', operator: 'greaterThanInclusive', value: 70 },
        { fact: 'source', operator: 'in', value: ['Referral', 'Event'] },
      ],
    };
    expect(await matches(hot, lead, 'lead.created')).toBe(true);
    expect(
      await matches(
        {
          any: [
            { fact: 'score', operator: 'lessThan', value: 10 },
            { fact: 'name', operator: 'equal', value: 'Ada' },
          ],
        },
        lead,
        'lead.created',
      ),
    ).toBe(true);
    expect(await matches({ all: [{ fact: 'missing', operator: 'equal', value: 'x' }] }, lead, 'lead.created')).toBe(
      false,
    );
    expect(await matches({ all: [] }, lead, 'lead.created')).toBe(true);
  });

  it('fills {{fields}} in action texts', () => {
    expect(fill('Call {{ name }} ({{lead.source}}){{nothing}}', lead, 'lead.created')).toBe('Call Ada (Referral)');
  });

  it('names what is wrong with conditions and actions', () => {
    expect(checkConditions({ all: [], any: [] })).toMatch(/not both/);
    expect(checkConditions({ all: [{ fact: 'a b', operator: 'equal', value: 1 }] })).toMatch(/fact must be a field/);
    expect(checkConditions({ all: [{ fact: 'x', operator: 'in', value: 1 }] })).toMatch(/takes a list/);
    expect(checkConditions({ some: [] })).toMatch(/all or any/);
    expect(checkActions([{ type: 'send_email', params: { to: 'x@y.z', subject: 's' } }], () => true)).toMatch(
      /needs a body/,
    );
    expect(checkActions([{ type: 'raise_alert', params: { severity: 'urgent', message: 'm' } }], () => true)).toMatch(
      /severity, one of low/,
    );
    expect(checkActions([{ type: 'create_task', params: { title: 'T' } }], () => true)).toEqual([
      { type: 'create_task', params: { title: 'T', description: '', priority: 'medium', assigned_to: '' } },
    ]);
  });
});
