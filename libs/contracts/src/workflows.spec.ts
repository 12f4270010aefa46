import { conditionHolds, renderTemplate } from './workflows';
import { checkStepParams } from './workflows.dto';

describe('workflow templates and conditions', () => {
  const data = { lead: { name: 'Ada', score: 72, tags: ['vip'] }, source: 'Referral' };

  it('fills placeholders inside text and keeps the value of a whole placeholder', () => {
    expect(renderTemplate('Call {{lead.name}} ({{ lead.score }})', data)).toBe('Call Ada (72)');
    expect(renderTemplate('{{lead.score}}', data)).toBe(72);
    expect(renderTemplate({ t: ['{{source}}', 'x {{missing.path}}'] }, data)).toEqual({ t: ['Referral', 'x '] });
  });

  it('evaluates each operator on the event data', () => {
    expect(conditionHolds(data, { field: 'source', op: 'eq', value: 'Referral' })).toBe(true);
    expect(conditionHolds(data, { field: 'source', op: 'neq', value: 'Referral' })).toBe(false);
    expect(conditionHolds(data, { field: 'lead.name', op: 'contains', value: 'ad' })).toBe(true);
    expect(conditionHolds(data, { field: 'lead.tags', op: 'contains', value: 'vip' })).toBe(true);
    expect(conditionHolds(data, { field: 'lead.score', op: 'gt', value: 70 })).toBe(true);
    expect(conditionHolds(data, { field: 'lead.score', op: 'lt', value: '70' })).toBe(false);
  });

  it("checks an action's parameters and refuses unknown ones", () => {
    expect(checkStepParams('create_task', { title: 'Call {{lead.name}}', due_in_days: 2 })).toEqual([]);
    expect(checkStepParams('create_task', {})).toContain('create_task needs a title');
    expect(checkStepParams('wait', { seconds: 1, extra: true }).join()).toMatch(/extra should not exist/);
    expect(checkStepParams('call_webhook', { url: 'https://example.com/hook' })).toEqual([]);
  });

  it('takes a lead status or a placeholder for set_lead_status, and refuses anything else', () => {
    expect(checkStepParams('set_lead_status', { lead_id: '{{lead.id}}', status: 'contacted' })).toEqual([]);
    expect(checkStepParams('set_lead_status', { lead_id: 'ada@example.com', status: '{{next_status}}' })).toEqual([]);
    expect(checkStepParams('set_lead_status', { lead_id: '{{lead.id}}', status: 'called' }).join()).toMatch(
      /status must be one of: new, contacted, qualified, converted, lost/,
    );
    expect(checkStepParams('set_lead_status', { status: 'lost' }).join()).toMatch(/needs a lead_id/);
  });

  it('checks create_calendar_event parameters', () => {
    const ok = { title: 'Intro with {{lead.name}}', start_in_minutes: 60, duration_minutes: 30, attendees: ['a@b.co'] };
    expect(checkStepParams('create_calendar_event', ok)).toEqual([]);
    expect(checkStepParams('create_calendar_event', { ...ok, duration_minutes: 0 }).length).toBeGreaterThan(0);
    expect(checkStepParams('create_calendar_event', { ...ok, title: '' })).toContain(
      'create_calendar_event needs a title',
    );
  });
});
