import { createEvent } from '@sixa/kafka';
import { leadStatusCommand, type StepContext } from './workflow-actions';
import { answerOf } from './workflow-answers.consumer';

const ctx: StepContext = {
  key: '6b0000000000000000000001:2',
  runId: '6b0000000000000000000001',
  workflowId: 'wf-1',
  index: 2,
  actingAs: 'user-1',
  input: {},
};

describe('workflow command answers', () => {
  it("sends set_lead_status as crm's command with the step's key as correlation id and the time-out as expiry", () => {
    const until = new Date('2026-01-01T10:00:30.000Z');
    const byId = leadStatusCommand({ lead_id: ' 6b00000000000000000000aa ', status: 'contacted' }, ctx, until);
    expect(byId).toMatchObject({
      type: 'lead.status_change_requested',
      source: 'work',
      subject: '6b00000000000000000000aa',
      actor: 'user-1',
      data: {
        correlation_id: ctx.key,
        lead_id: '6b00000000000000000000aa',
        email: null,
        status: 'contacted',
        expires_at: '2026-01-01T10:00:30.000Z',
        requested_by: { workflow_id: 'wf-1', run_id: ctx.runId, step: 2 },
      },
    });
    const byEmail = leadStatusCommand({ lead_id: 'Ada@Example.com', status: 'lost' }, ctx, until);
    expect(byEmail.data).toMatchObject({ lead_id: null, email: 'ada@example.com' });
  });

  it("reads crm's answers: a change or a confirmation succeeds the step, a rejection fails it with crm's reason", () => {
    const changed = createEvent('crm', 'lead.status_changed', 'l1', 'u', {
      lead_id: 'l1',
      email: 'a@b.co',
      from: 'new',
      to: 'contacted',
      correlation_id: ctx.key,
    });
    expect(answerOf(changed)).toEqual({
      correlationId: ctx.key,
      answer: {
        ok: true,
        output: { lead_id: 'l1', email: 'a@b.co', from: 'new', status: 'contacted', changed: true },
      },
    });
    const confirmed = createEvent('crm', 'lead.status_change_confirmed', 'l1', 'u', {
      correlation_id: ctx.key,
      lead_id: 'l1',
      email: 'a@b.co',
      status: 'contacted',
      reason: 'already_applied',
    });
    expect(answerOf(confirmed)?.answer).toEqual({
      ok: true,
      output: { lead_id: 'l1', email: 'a@b.co', status: 'contacted', changed: false },
    });
    const rejected = createEvent('crm', 'lead.status_change_rejected', 'l9', 'u', {
      correlation_id: ctx.key,
      lead_id: 'l9',
      email: null,
      status: 'contacted',
      code: 'lead_not_found',
      reason: 'no lead l9',
    });
    expect(answerOf(rejected)).toEqual({
      correlationId: ctx.key,
      answer: { ok: false, error: 'crm refused: no lead l9' },
    });
  });

  it('ignores status changes people made (no correlation id) and other events', () => {
    const byPerson = createEvent('crm', 'lead.status_changed', 'l1', 'u', {
      lead_id: 'l1',
      email: 'a@b.co',
      from: 'new',
      to: 'lost',
    });
    expect(answerOf(byPerson)).toBeNull();
    expect(
      answerOf(
        createEvent('crm', 'lead.scored', 'l1', 'u', {
          lead_id: 'l1',
          email: '',
          score: 1,
          previous_score: 0,
          factors: [],
        }),
      ),
    ).toBeNull();
  });
});
