import dayjs from 'dayjs';
import { buildTask } from './tasksBackend';
import { buildCreateTaskBody, buildEditTaskBody, dueDateIso, taskFormValues } from '../taskPayloads';

describe('task payloads', () => {
  it('sends a picked day as the end of that day, local time, in ISO', () => {
    const iso = dueDateIso(dayjs('2026-02-10T08:00:00'));
    expect(iso).toBe(dayjs('2026-02-10T23:59:59.999').toISOString());
  });

  it('keeps the exact due time when the day was left as it was, and clears it when emptied', () => {
    expect(dueDateIso(dayjs('2026-02-10T12:00:00'), dayjs('2026-02-10T09:30:00').toISOString())).toBe(
      dayjs('2026-02-10T09:30:00').toISOString(),
    );
    expect(dueDateIso(null, '2026-02-10T09:30:00.000Z')).toBeNull();
  });

  it('trims the text, drops empty and repeated tags, and links a member only when one was chosen', () => {
    expect(
      buildCreateTaskBody({
        title: '  Ship it ',
        description: ' soon ',
        assigned_to: ' Grace ',
        assignee_id: null,
        tags: [' ops', 'OPS', '', 'release '],
      }),
    ).toEqual({
      title: 'Ship it',
      description: 'soon',
      priority: 'medium',
      assigned_to: 'Grace',
      due_date: null,
      tags: ['ops', 'release'],
    });
  });

  it('edits with an explicit member link (null: the server matches the name); the revision goes as If-Match', () => {
    const task = buildTask({ rev: 4, assigned_to: 'Grace', assignee_id: 'm-1' });
    const values = { ...taskFormValues(task), assignee_id: null };
    const body = buildEditTaskBody(values, task);
    expect(body).toMatchObject({ assigned_to: 'Grace', assignee_id: null });
    expect(body).not.toHaveProperty('rev');
  });
});
