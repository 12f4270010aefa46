import { buildCreateLeadBody, buildUpdateLeadBody, hasRequiredLeadFields, leadFormValues } from '../leadPayloads';
import { buildLead } from './leadsBackend';

describe('lead payloads', () => {
  const values = {
    name: ' Grace Hopper ',
    email: ' grace@navy-labs.com ',
    company: ' Navy Labs ',
    source: 'Referral' as const,
  };

  it('sends the six create fields, trimmed, with blank phone and notes', () => {
    expect(buildCreateLeadBody(values)).toEqual({
      name: 'Grace Hopper',
      email: 'grace@navy-labs.com',
      company: 'Navy Labs',
      phone: '',
      source: 'Referral',
      notes: '',
    });
  });

  it('requires name, email and company', () => {
    expect(hasRequiredLeadFields(values)).toBe(true);
    expect(hasRequiredLeadFields({ ...values, company: '  ' })).toBe(false);
    expect(hasRequiredLeadFields({ name: 'A', email: 'a@b.co' })).toBe(false);
  });

  it('sends the override only for admins: a whole number from 0 to 100, or null to clear it', () => {
    const lead = buildLead({ score: 55, score_override: 70 });
    expect(
      buildUpdateLeadBody({ ...values, override_score: true, score_override: 120.4 }, lead, true).score_override,
    ).toBe(100);
    expect(
      buildUpdateLeadBody({ ...values, override_score: true, score_override: 42.6 }, lead, true).score_override,
    ).toBe(43);
    expect(
      buildUpdateLeadBody({ ...values, override_score: false, score_override: 42 }, lead, true).score_override,
    ).toBeNull();
    expect(
      buildUpdateLeadBody({ ...values, override_score: true, score_override: 42 }, lead, false),
    ).not.toHaveProperty('score_override');
  });

  it('fills the edit form from the lead, the override box checked when the score is pinned', () => {
    expect(leadFormValues(buildLead({ score: 61, score_override: null }))).toMatchObject({
      override_score: false,
      score_override: 61,
    });
    expect(leadFormValues(buildLead({ score: 90, score_override: 90 }))).toMatchObject({ override_score: true });
  });
});
