import type { IntegrationConnection, SyncJob } from '@sixa/contracts';
import { infra, sleep } from '@sixa/testing';
import { MongoClient, ObjectId } from 'mongodb';
import { startIntegrationsStack, type IntegrationsStack } from './factories';

/**
 * A scheduled sync runs once per period with two integrations processes running: the period comes
 * due (its time is set in the store, as the clock would), both processes' runners see it, one job is
 * made and run, and the next period is set a frequency later.
 */
describe('scheduled syncs with two integrations processes', () => {
  let stack: IntegrationsStack;
  let mongo: MongoClient;
  let connection: IntegrationConnection;

  beforeAll(async () => {
    stack = await startIntegrationsStack({
      sandbox: { seed: { contacts: 30 } },
      replicas: 2,
      integrations: { runnerIntervalMs: 100 },
    });
    mongo = await MongoClient.connect(infra().mongoUrl);
    await stack.as(stack.admin).post('/integrations/initialize-sample-data');
    const made = await stack.as(stack.admin).post('/integrations/api-key-connection', {
      platform_id: 'sandbox-marketing',
      connection_name: 'Newsletter contacts',
      api_key: 'sbx_demo_key_0001',
      sync_frequency: 15,
    });
    expect(made.status).toBe(201);
    connection = made.body;
  });
  afterAll(async () => {
    await mongo?.close();
    await stack?.stop();
  });

  const scheduledJobs = async () =>
    ((await stack.as(stack.admin).get('/integrations/sync-jobs')).body as SyncJob[]).filter(
      (j) => j.connection_id === connection.id && j.job_type === 'scheduled',
    );

  async function comeDue(): Promise<Date> {
    const due = new Date(Date.now() - 1000);
    await mongo
      .db(stack.config.mongoDb)
      .collection('connections')
      .updateOne({ _id: new ObjectId(connection.id) }, { $set: { next_sync_at: due } });
    return due;
  }

  it('makes and runs one job per period, whichever process gets there', async () => {
    const due = await comeDue();
    const start = Date.now();
    while ((await scheduledJobs()).filter((j) => j.status === 'success').length < 1 && Date.now() - start < 30_000)
      await sleep(200);
    // Both runners have had many turns since: still one job.
    await sleep(1500);
    const jobs = await scheduledJobs();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ status: 'success', records_processed: 30, records_success: 30 });
    const after = ((await stack.as(stack.admin).get('/integrations/connections')).body as IntegrationConnection[]).find(
      (c) => c.id === connection.id,
    )!;
    expect(new Date(after.next_sync_at!).getTime()).toBeGreaterThanOrEqual(due.getTime() + 15 * 60_000 - 1000);
    expect(after).toMatchObject({ total_syncs: 1, successful_syncs: 1 });

    await comeDue();
    const again = Date.now();
    while ((await scheduledJobs()).filter((j) => j.status === 'success').length < 2 && Date.now() - again < 30_000)
      await sleep(200);
    await sleep(1500);
    const both = await scheduledJobs();
    expect(both).toHaveLength(2);
    // The second period is incremental: nothing changed at the provider since the first.
    expect(both[0]).toMatchObject({ status: 'success', records_processed: 0 });
  });
});
