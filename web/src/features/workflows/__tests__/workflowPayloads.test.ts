import { buildWorkflowBody, canSave, newStep, stepParams, workflowFormValues } from '../workflowPayloads';
import { triggerSummary } from '../workflowLabels';
import { buildWorkflow } from './workflowsBackend';

describe('workflow payloads', () => {
  it("sends only the chosen action's parameters, trimmed, with numbers as whole numbers", () => {
    expect(
      stepParams('create_task', { title: ' Call {{lead.name}} ', assigned_to: '', priority: 'high', url: 'x' }),
    ).toEqual({ title: 'Call {{lead.name}}', priority: 'high' });
    expect(stepParams('wait', { seconds: 2.4, title: 'left over' })).toEqual({ seconds: 2 });
    expect(
      stepParams('create_calendar_event', {
        title: 'Demo',
        start_in_minutes: 30,
        duration_minutes: 45,
        attendees: ' a@x.io, ,b@x.io ',
      }),
    ).toEqual({ title: 'Demo', start_in_minutes: 30, duration_minutes: 45, attendees: ['a@x.io', 'b@x.io'] });
  });

  it('builds the trigger the picker shows: schedule with its time zone, event with its conditions', () => {
    const base = { name: ' Nightly ', steps: [newStep('wait')] };
    expect(
      buildWorkflowBody({ ...base, trigger_type: 'schedule', cron: '0 2 * * *', time_zone: 'Europe/Paris' }),
    ).toEqual({
      name: 'Nightly',
      description: '',
      trigger: { type: 'schedule', cron: '0 2 * * *', time_zone: 'Europe/Paris' },
      steps: [{ action: 'wait', description: '', delay: 0, params: { seconds: 60 } }],
    });
    const event = buildWorkflowBody({
      ...base,
      trigger_type: 'event',
      event_type: 'lead.created',
      conditions: [{ field: 'lead.source', op: 'eq', value: 'Referral' }, { field: ' ' }],
    });
    expect(event.trigger).toEqual({
      type: 'event',
      event_type: 'lead.created',
      conditions: [{ field: 'lead.source', op: 'eq', value: 'Referral' }],
    });
  });

  it('opens an existing workflow in the editor with its attendees as text, and sends it back unchanged', () => {
    const w = buildWorkflow({
      name: 'Demo follow-up',
      trigger: { type: 'event', event_type: 'lead.created', conditions: [] },
      steps: [
        {
          action: 'create_calendar_event',
          description: 'Book it',
          delay: 5,
          params: { title: 'Demo', start_in_minutes: 0, duration_minutes: 30, attendees: ['a@x.io'] },
        },
      ],
    });
    const values = workflowFormValues(w);
    expect(values.steps?.[0].params?.attendees).toBe('a@x.io');
    expect(buildWorkflowBody(values)).toEqual({
      name: w.name,
      description: '',
      trigger: w.trigger,
      steps: w.steps,
    });
  });

  it('needs a name and at least one step', () => {
    expect(canSave('', [newStep()])).toBe(false);
    expect(canSave('  ', [newStep()])).toBe(false);
    expect(canSave('Follow up', [])).toBe(false);
    expect(canSave('Follow up', [newStep()])).toBe(true);
  });

  it('summarises triggers for the card', () => {
    expect(triggerSummary({ type: 'manual' })).toBe('Manual');
    expect(triggerSummary({ type: 'schedule', cron: '*/5 * * * *', time_zone: 'UTC' })).toBe(
      'Schedule: */5 * * * * (UTC)',
    );
    expect(
      triggerSummary({
        type: 'event',
        event_type: 'lead.created',
        conditions: [{ field: 'lead.source', op: 'eq', value: 'Referral' }],
      }),
    ).toBe('When lead.created where source = Referral');
  });
});
