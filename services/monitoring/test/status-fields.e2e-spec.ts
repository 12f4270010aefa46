import type { SystemStatus } from '@sixa/contracts';
import { http, infra, uniqueDbName } from '@sixa/testing';
import { MongoClient } from 'mongodb';
import { bucketKey } from '../src/samples/samples.repository';
import { startMonitoring } from './factories';
import { sample } from './samples';

/**
 * A status names every figure of the spec, measured or not: a figure not measured yet (the API time
 * before any API traffic, the probe latency when no target answered) is null, never left out, also
 * when the sample was stored without it (by an older version, or an engine that drops nulls).
 */
describe('the status fields (real database)', () => {
  let ctx: Awaited<ReturnType<typeof startMonitoring>> | undefined;
  afterAll(async () => {
    await ctx?.stop();
  });

  it('carries api_response_time and network_latency as null when the stored sample has neither', async () => {
    const mongoDb = uniqueDbName('monitoring_fields');
    const at = new Date(Date.now() - 5_000);
    const { api_response_time: _api, network_latency: _latency, ...stored } = sample({}, at);
    const client = await MongoClient.connect(infra().mongoUrl);
    try {
      await client
        .db(mongoDb)
        .collection<{ _id: string }>('sample_buckets')
        .insertOne({
          _id: bucketKey(at),
          start: new Date(Math.floor(at.getTime() / 600_000) * 600_000),
          samples: [stored],
        });
    } finally {
      await client.close();
    }
    // This replica does not sample: it answers from the stored samples, as the others of a deployment do.
    ctx = await startMonitoring({ mongoDb, samplerEnabled: false });

    const res = await http(ctx.url, 'GET', '/monitoring/system-status', { token: ctx.admin });
    expect(res.status).toBe(200);
    const status = res.body as SystemStatus;
    expect(status.timestamp).toBe(at.toISOString());
    expect(status).toHaveProperty('api_response_time', null);
    expect(status).toHaveProperty('network_latency', null);

    const chart = await http(ctx.url, 'GET', '/monitoring/metrics/chart-data?hours=1', { token: ctx.admin });
    expect(chart.status).toBe(200);
  });
});
