import type { EventMap, ImportedEvent, ImportedTask, Task } from '@sixa/contracts';
import { http } from '@sixa/testing';
import { IntegrationImportsConsumer } from '../src/imports/integration-imports.consumer';
import { startWork, type WorkContext } from './factories';

type Command = EventMap['integration.work_import_requested'];

/**
 * Synced tasks and events on the work side (the whole path, provider to screen, is in the
 * integrations service's tests): versions applied in the provider's order, whatever order pages
 * come in, and the staff's changes kept where the provider changed nothing.
 */
describe('tasks and events a sync brings in, changed at the provider', () => {
  let ctx: WorkContext;
  let imports: IntegrationImportsConsumer;
  let page = 0;
  const command = (data_type: Command['data_type'], records: Command['records']): Command => ({
    correlation_id: `job-1:${++page}`,
    job_id: 'job-1',
    platform_id: `acme-${Date.now().toString(36)}`,
    platform_name: 'Acme CRM',
    data_type,
    records,
  });
  const task = (at: string, over: Partial<ImportedTask> = {}): ImportedTask => ({
    external_id: 'T-1',
    title: 'Follow up with Grace',
    description: 'First call',
    priority: 'medium',
    due_date: '2027-01-15T09:00:00.000Z',
    assigned_to: 'Grace Hopper',
    updated_at: at,
    ...over,
  });
  const tasksNamed = async (title: RegExp) =>
    ((await http(ctx.api, 'GET', '/tasks?limit=100', { token: ctx.admin })).body as Task[]).filter((t) =>
      title.test(t.title),
    );

  beforeAll(async () => {
    ctx = await startWork();
    imports = ctx.app.get(IntegrationImportsConsumer);
  });
  afterAll(async () => {
    await ctx?.stop();
  });

  it('applies a newer version, leaves an older one that comes late, and keeps what the staff changed', async () => {
    const v1 = command('tasks', [task('2026-11-01T10:00:00.000Z')]);
    const platform = v1.platform_id;
    expect(await imports.apply(v1)).toMatchObject({ created: 1, updated: 0, unchanged: 0, failed: [] });
    const [made] = await tasksNamed(/^Follow up with Grace/);
    expect(made).toMatchObject({ description: 'First call', priority: 'medium', status: 'pending' });

    // The staff raise its priority and start it.
    const edited = await http(ctx.api, 'PUT', `/tasks/${made.id}`, {
      token: ctx.admin,
      body: { priority: 'urgent', status: 'in_progress' },
    });
    expect(edited.status).toBe(200);

    // Version 3 (the provider changed the description and the due date) comes before version 2.
    const v3 = task('2026-11-03T10:00:00.000Z', { description: 'Second call', due_date: '2027-01-20T09:00:00.000Z' });
    const v2 = task('2026-11-02T10:00:00.000Z', { description: 'Stale words', title: 'Stale title' });
    expect(await imports.apply({ ...command('tasks', [v3]), platform_id: platform })).toMatchObject({ updated: 1 });
    expect(await imports.apply({ ...command('tasks', [v2]), platform_id: platform })).toMatchObject({
      updated: 0,
      unchanged: 1,
    });
    // The same version again (a redelivery, or a new connection's full sync): nothing either.
    expect(await imports.apply({ ...command('tasks', [v3]), platform_id: platform })).toMatchObject({ unchanged: 1 });

    const [now] = await tasksNamed(/^Follow up with Grace/);
    expect(now).toMatchObject({
      id: made.id,
      title: 'Follow up with Grace',
      description: 'Second call',
      due_date: '2027-01-20T09:00:00.000Z',
      priority: 'urgent',
      status: 'in_progress',
    });
    expect(await tasksNamed(/Stale/)).toHaveLength(0);
  });

  it('moves an event when the provider does, and keeps the title the staff gave it', async () => {
    const event = (at: string, over: Partial<ImportedEvent> = {}): ImportedEvent => ({
      external_id: 'E-1',
      title: 'Call with Initech',
      description: '',
      start_time: '2027-02-01T14:00:00.000Z',
      end_time: '2027-02-01T14:30:00.000Z',
      location: 'Phone',
      attendees: ['grace@example.com'],
      updated_at: at,
      ...over,
    });
    const v1 = command('events', [event('2026-11-01T10:00:00.000Z')]);
    expect(await imports.apply(v1)).toMatchObject({ created: 1 });
    const list = async () =>
      (
        (
          await http(ctx.api, 'GET', '/calendar/events?from=2027-01-01T00:00:00Z&to=2027-03-01T00:00:00Z', {
            token: ctx.admin,
          })
        ).body as Array<{ id: string; title: string; start_time: string; location: string; created_by: string }>
      ).filter((e) => e.created_by === `integration:${v1.platform_id}`);
    const [made] = await list();
    const retitled = await http(ctx.api, 'PUT', `/calendar/events/${made.id}`, {
      token: ctx.admin,
      body: { title: 'Initech: renewal call', start_time: made.start_time, end_time: '2027-02-01T14:30:00.000Z' },
    });
    expect(retitled.status).toBe(200);

    const moved = event('2026-11-02T10:00:00.000Z', {
      start_time: '2027-02-02T15:00:00.000Z',
      end_time: '2027-02-02T15:45:00.000Z',
    });
    expect(await imports.apply({ ...command('events', [moved]), platform_id: v1.platform_id })).toMatchObject({
      updated: 1,
    });
    const after = await list();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      id: made.id,
      title: 'Initech: renewal call',
      start_time: '2027-02-02T15:00:00.000Z',
      location: 'Phone',
    });
  });
});
