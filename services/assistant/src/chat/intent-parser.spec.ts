import { parseIntent, type Intent } from './intent-parser';

// Monday 23 November 2026, 21:00 UTC (22:00 in Berlin).
const now = new Date('2026-11-23T21:00:00.000Z');
const read = (
  text: string,
  zone = 'Europe/Berlin',
  draftMeeting: Parameters<typeof parseIntent>[1]['draftMeeting'] = null,
) => parseIntent(text, { zone, now, draftMeeting });

function as<K extends Intent['kind']>(intent: Intent, kind: K): Extract<Intent, { kind: K }> {
  expect(intent.kind).toBe(kind);
  return intent as Extract<Intent, { kind: K }>;
}

describe('parseIntent', () => {
  it('reads yes and no as answers to a confirmation', () => {
    expect(read('Yes')).toEqual({ kind: 'confirm', answer: 'yes' });
    expect(read('ok!')).toEqual({ kind: 'confirm', answer: 'yes' });
    expect(read('no')).toEqual({ kind: 'confirm', answer: 'no' });
    expect(read('cancel')).toEqual({ kind: 'confirm', answer: 'no' });
  });

  it('reads a task with its assignee, due date and priority', () => {
    const t = as(read('create a task to call Acme for Dana'), 'create_task');
    expect(t.title).toBe('Call Acme for Dana');
    expect(t.assignee).toBe('Dana');
    expect(t.due).toBeUndefined();
    const u = as(read('Create an urgent task to send the proposal to Globex, due Friday'), 'create_task');
    expect(u.title).toBe('Send the proposal to Globex');
    expect(u.priority).toBe('urgent');
    // Friday 27 November, 17:00 in Berlin (the end of the working day when no time is said).
    expect(u.due).toBe('2026-11-27T16:00:00.000Z');
    const v = as(read('add a task: review contract, assign to Sam Lee'), 'create_task');
    expect(v).toMatchObject({ title: 'Review contract', assignee: 'Sam Lee', assigneeExplicit: true });
  });

  it("reads a meeting's day and time in the user's zone, its attendee and length", () => {
    const m = as(read('schedule a meeting tomorrow at 10 with ana@example.com for 45 minutes'), 'schedule_meeting');
    expect(m.meeting).toMatchObject({
      day: '2026-11-24',
      time: '10:00',
      attendees: ['ana@example.com'],
      duration_minutes: 45,
    });
    const tokyo = as(read('schedule a meeting tomorrow at 10 with ana@example.com', 'Asia/Tokyo'), 'schedule_meeting');
    // 06:00 on the 24th in Tokyo already: "tomorrow" is the 25th there.
    expect(tokyo.meeting.day).toBe('2026-11-25');
  });

  it('completes a meeting asked about from the next message', () => {
    const first = as(read('Schedule a meeting for tomorrow'), 'schedule_meeting');
    expect(first.meeting).toMatchObject({ day: '2026-11-24', attendees: [] });
    expect(first.meeting.time).toBeUndefined();
    const next = as(read('at 14:30 with bob@example.com', 'Europe/Berlin', first.meeting), 'schedule_meeting');
    expect(next.meeting).toMatchObject({ day: '2026-11-24', time: '14:30', attendees: ['bob@example.com'] });
  });

  it('reads the quick-action chips', () => {
    expect(read('Generate leads for tech companies').kind).toBe('rank_tech_leads');
    expect(read('Create a follow-up workflow')).toEqual({
      kind: 'create_followup_workflow',
      hotOnly: false,
      waitDays: 2,
    });
    expect(read('Analyze team performance').kind).toBe('team_performance');
    expect(read('Schedule a meeting for tomorrow').kind).toBe('schedule_meeting');
  });

  it('reads lead searches with their filters', () => {
    expect(read('show me hot leads from LinkedIn')).toMatchObject({
      kind: 'search_leads',
      label: 'Hot',
      source: 'LinkedIn',
    });
    expect(read('find leads at Initech')).toMatchObject({ kind: 'search_leads', q: 'Initech' });
    expect(read('summarise qualified leads')).toMatchObject({ kind: 'search_leads', status: 'qualified' });
  });

  it('reads score questions, health, users and anything else', () => {
    expect(read('why does jane@acme.io have that score?')).toEqual({
      kind: 'explain_lead_score',
      query: 'jane@acme.io',
    });
    expect(read('explain the score of Jane Doe')).toEqual({ kind: 'explain_lead_score', query: 'Jane Doe' });
    expect(read("why is Acme's score so high?")).toEqual({ kind: 'explain_lead_score', query: 'Acme' });
    expect(read('what makes the Initech lead score 70')).toEqual({ kind: 'explain_lead_score', query: 'Initech' });
    expect(read('how is the platform health?').kind).toBe('platform_health');
    expect(read('add a user bob@example.com')).toEqual({
      kind: 'add_user',
      email: 'bob@example.com',
      name: undefined,
      role: 'employee',
    });
    expect(read('hello').kind).toBe('greeting');
    expect(read('what is the meaning of life').kind).toBe('help');
  });
});
