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
});
