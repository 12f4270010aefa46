import { http, sleep } from '@sixa/testing';
import { startGatewayStack } from './stack';

/** Waits out the end of an hour (and so of a day) if it is near: a window that resets mid-test would reset the count. */
async function clearOfWindowEdge(marginSec = 30) {
  const left = 3600 - (Math.floor(Date.now() / 1000) % 3600);
  if (left < marginSec) await sleep(left * 1000 + 500);
}

/** How long a gateway may take to apply a changed limit here: two refreshes and the requests around them. */
const REFRESH_MARGIN_MS = 15_000;

/**
 * Rate limits set in Settings (the real settings service) and enforced by two gateway replicas that
 * share the counts in their store.
 */
describe('rate limits, across two gateways', () => {
  let stack: Awaited<ReturnType<typeof startGatewayStack>>;
  let g1: string;
  let g2: string;

  beforeAll(async () => {
    stack = await startGatewayStack({ gateways: 2 });
    [g1, g2] = stack.apis;
  });
  afterAll(() => stack?.stop());

  const setLimit = (resource: string, limit_per_hour: number, limit_per_day: number) =>
    http(stack.api, 'PUT', `/settings/rate-limits/${resource}`, {
      token: stack.admin,
      body: { limit_per_hour, limit_per_day },
    });

  /** Until `read` passes, polling; how long it took. */
  async function within(ms: number, read: () => Promise<boolean>): Promise<number> {
    const start = Date.now();
    while (!(await read())) {
      if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
      await sleep(100);
    }
    return Date.now() - start;
  }

  it('answers the 6th request of a user in the hour 429, counted across both gateways, and lets more through once they have read a raise', async () => {
    await clearOfWindowEdge();
    const set = await setLimit('leads', 5, 100);
    expect(set.status).toBe(200);
    // Both gateways enforce it once they have read it (the admin's own requests show it, in their own count).
    for (const api of [g1, g2]) {
      await within(REFRESH_MARGIN_MS, async () =>
        Boolean((await http(api, 'GET', '/leads', { token: stack.admin })).headers.get('ratelimit-policy')),
      );
    }

    const token = stack.employee;
    for (let i = 0; i < 5; i++) {
      const res = await http(i % 2 ? g2 : g1, 'GET', i === 4 ? '/leads/export.csv' : '/leads', { token });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-policy')).toBe('"hour";q=5;w=3600, "day";q=100;w=86400');
      expect(res.headers.get('ratelimit')).toMatch(new RegExp(`^"hour";r=${4 - i};t=\\d+, "day";r=${99 - i};t=\\d+$`));
    }
    for (const api of [g2, g1]) {
      const res = await http(api, 'GET', '/leads', { token });
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ detail: 'Rate limit exceeded for leads: 5 per hour', code: 'RATE_LIMITED' });
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(res.headers.get('ratelimit')).toBe(
        `"hour";r=0;t=${retryAfter}, "day";r=95;t=${res.headers.get('ratelimit')!.split('t=')[2]}`,
      );
    }
    // Another user has a count of their own; a resource without a limit is not counted at all.
    expect((await http(g1, 'GET', '/leads', { token: stack.admin })).status).toBe(200);
    const quotes = await http(g1, 'GET', '/quotes', { token });
    expect(quotes.status).toBe(200);
    expect(quotes.headers.get('ratelimit')).toBeNull();

    // The 429s are counted by resource.
    const metrics = await (await fetch(`${g2.replace(/\/api$/, '')}/metrics`)).text();
    expect(metrics).toMatch(/gateway_rate_limited_total\{resource="leads"\} [1-9]/);

    // Each gateway reads the limits every 2 s (RATE_LIMITS_REFRESH_MS); the margin is for a loaded CI
    // machine, where a read of the settings service and the two requests of a poll can take seconds.
    expect((await setLimit('leads', 10, 100)).status).toBe(200);
    await within(REFRESH_MARGIN_MS, async () => {
      const [a, b] = await Promise.all([http(g1, 'GET', '/leads', { token }), http(g2, 'GET', '/leads', { token })]);
      return a.status === 200 && b.status === 200;
    });
  });

  it('counts public routes per client address', async () => {
    await clearOfWindowEdge();
    expect((await setLimit('auth', 3, 1000)).status).toBe(200);
    // Wait for both gateways to have it, without using the public count (the admin's count is its own).
    for (const api of [g1, g2]) {
      await within(REFRESH_MARGIN_MS, async () =>
        Boolean((await http(api, 'GET', '/auth/me', { token: stack.admin })).headers.get('ratelimit-policy')),
      );
    }
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await http(i % 2 ? g2 : g1, 'POST', '/auth/login', {
        body: { email: `nobody${i}@example.com`, password: 'wrong-password' },
      });
      statuses.push(res.status);
      if (res.status === 429) expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await setLimit('auth', 1000, 10000)).status).toBe(200);
  });
});
