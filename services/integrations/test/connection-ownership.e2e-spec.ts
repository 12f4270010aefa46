import type { IntegrationConnection, SyncJob } from '@sixa/contracts';
import { startIntegrationsStack, type IntegrationsStack } from './factories';

const API_KEY_PLATFORM = { platform_id: 'sandbox-marketing', api_key: 'sbx_demo_key_0001' };
const ONLY_ADMIN_USER = 'Only Admin User or an admin can change this connection';

/**
 * A connection is changed (configured, synced, disconnected) only by the user who made it or an
 * admin, through the gateway as the web client calls it: others read it, and are told who may change it.
 */
describe('who may change an integration connection', () => {
  let stack: IntegrationsStack;

  beforeAll(async () => {
    stack = await startIntegrationsStack();
    expect((await stack.as(stack.admin).post('/integrations/initialize-sample-data')).status).toBe(200);
  });
  afterAll(() => stack?.stop());

  const connect = async (token: string, name: string) => {
    const made = await stack
      .as(token)
      .post('/integrations/api-key-connection', { ...API_KEY_PLATFORM, connection_name: name });
    expect(made.status).toBe(201);
    return made.body as IntegrationConnection;
  };
  const listed = async (token: string, id: string) =>
    ((await stack.as(token).get('/integrations/connections')).body as IntegrationConnection[]).find((c) => c.id === id);
  const jobsOf = async (id: string) =>
    ((await stack.as(stack.admin).get('/integrations/sync-jobs')).body as SyncJob[]).filter(
      (j) => j.connection_id === id,
    );

  it("lets another user read the admin's connection, with who made it, and change nothing", async () => {
    const mine = await connect(stack.admin, 'Admin marketing');
    expect(mine).toMatchObject({ user_name: 'Admin User', status: 'connected' });

    const employee = stack.as(stack.employee);
    expect(await listed(stack.employee, mine.id)).toMatchObject({
      connection_name: 'Admin marketing',
      user_name: 'Admin User',
    });

    const configure = await employee.put(`/integrations/connections/${mine.id}`, { connection_name: 'Taken over' });
    expect(configure).toMatchObject({ status: 403, body: { detail: ONLY_ADMIN_USER } });
    const sync = await employee.post('/integrations/sync-jobs', { connection_id: mine.id, data_type: 'contacts' });
    expect(sync).toMatchObject({ status: 403, body: { detail: ONLY_ADMIN_USER } });
    const disconnect = await employee.delete(`/integrations/connections/${mine.id}`);
    expect(disconnect).toMatchObject({ status: 403, body: { detail: ONLY_ADMIN_USER } });

    expect(await listed(stack.admin, mine.id)).toMatchObject({
      connection_name: 'Admin marketing',
      status: 'connected',
    });
    expect(await jobsOf(mine.id)).toEqual([]);

    expect((await stack.as(stack.admin).delete(`/integrations/connections/${mine.id}`)).status).toBe(200);
  });

  it("lets the user who made a connection change it, and an admin change anyone's", async () => {
    const theirs = await connect(stack.employee, 'Employee marketing');
    expect(theirs.user_name).toBe('Employee User');
    const employee = stack.as(stack.employee);

    const renamed = await employee.put(`/integrations/connections/${theirs.id}`, { connection_name: 'Renamed' });
    expect(renamed).toMatchObject({ status: 200, body: { connection_name: 'Renamed' } });
    const sync = await employee.post('/integrations/sync-jobs', { connection_id: theirs.id, data_type: 'contacts' });
    expect(sync.status).toBe(201);

    const byAdmin = await stack
      .as(stack.admin)
      .put(`/integrations/connections/${theirs.id}`, { connection_name: 'Renamed by an admin' });
    expect(byAdmin).toMatchObject({ status: 200, body: { connection_name: 'Renamed by an admin' } });
    const off = await stack.as(stack.admin).delete(`/integrations/connections/${theirs.id}`);
    expect(off).toMatchObject({ status: 200, body: { status: 'disconnected' } });
  });

  it('answers 404, not 403, for a connection that does not exist', async () => {
    const res = await stack
      .as(stack.employee)
      .put('/integrations/connections/65f1c0ffee0000000000abcd', { connection_name: 'x' });
    expect(res.status).toBe(404);
  });
});
