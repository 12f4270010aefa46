import { SESSION_ENDED_DETAIL } from '@sixa/contracts';
import { http, sleep } from '@sixa/testing';
import { login } from '../../services/auth/test/factories';
import { startGatewayStack } from './stack';

/** Polls `probe` until it answers `status` or `ms` pass; the last answer and when it came. */
async function until(status: number, probe: () => Promise<{ status: number; body: any }>, ms = 1000) {
  const start = Date.now();
  let last = await probe();
  while (last.status !== status && Date.now() - start < ms) {
    await sleep(20);
    last = await probe();
  }
  return { ...last, afterMs: Date.now() - start };
}

/** Logout through the gateway, with the real auth, crm and gateway processes and the real Kafka feed. */
describe('signing out', () => {
  let stack: Awaited<ReturnType<typeof startGatewayStack>>;

  beforeAll(async () => {
    stack = await startGatewayStack();
  });
  afterAll(() => stack?.stop());

  it('ends that session within 1 s at the gateway and at a service called directly, and no other', async () => {
    const who = await stack.userWith('employee', stack.admin);
    const email = (await http(stack.api, 'GET', '/auth/me', { token: who.token })).body.email as string;
    // A second session of the same user (another browser): it must go on.
    const other = await login(stack.api, { email, password: 'Sup3r-secret' });
    const meAtGateway = (token: string) => http(stack.api, 'GET', '/auth/me', { token });
    const leadsAtCrm = (token: string) => http(stack.crmUrl, 'GET', '/leads', { token });
    expect((await meAtGateway(who.token)).status).toBe(200);
    expect((await leadsAtCrm(who.token)).status).toBe(200);

    const out = await http(stack.api, 'POST', '/auth/logout', { token: who.token });
    expect(out.status).toBe(204);
    const loggedOutAt = Date.now();

    // The auth service reads its own records: at once.
    const atAuth = await http(stack.auth.url, 'GET', '/auth/me', { token: who.token });
    expect(atAuth).toMatchObject({ status: 401, body: { detail: SESSION_ENDED_DETAIL } });
    // The gateway and crm learn it from the revocation feed.
    const gateway = await until(401, () => meAtGateway(who.token));
    const crm = await until(401, () => leadsAtCrm(who.token), 1000 - (Date.now() - loggedOutAt));
    expect(gateway).toMatchObject({ status: 401, body: { detail: SESSION_ENDED_DETAIL } });
    expect(crm).toMatchObject({ status: 401, body: { detail: SESSION_ENDED_DETAIL } });
    expect(Date.now() - loggedOutAt).toBeLessThan(1000);

    expect((await meAtGateway(other)).status).toBe(200);
    expect((await leadsAtCrm(other)).status).toBe(200);
    expect((await http(stack.auth.url, 'GET', '/auth/me', { token: other })).status).toBe(200);
  });

  it('is idempotent: signing out again answers 204, and the session stays ended', async () => {
    const who = await stack.userWith('viewer', stack.admin);
    expect((await http(stack.api, 'POST', '/auth/logout', { token: who.token })).status).toBe(204);
    expect((await http(stack.api, 'POST', '/auth/logout', { token: who.token })).status).toBe(204);
    expect((await http(stack.auth.url, 'POST', '/auth/logout', { token: who.token })).status).toBe(204);
    expect((await until(401, () => http(stack.api, 'GET', '/auth/me', { token: who.token }))).status).toBe(401);
  });

  it('refuses to sign out without a token, or with one auth did not sign', async () => {
    const none = await http(stack.api, 'POST', '/auth/logout');
    expect(none.status).toBe(401);
    expect(none.body.detail).toMatch(/Missing access token/);
    const [head, payload] = stack.employee.split('.');
    const forged = await http(stack.api, 'POST', '/auth/logout', { token: `${head}.${payload}.c2lnbmF0dXJl` });
    expect(forged.status).toBe(401);
    expect(forged.body.detail).toMatch(/Invalid access token/);
    // The employee's session was not ended by the forged token.
    expect((await http(stack.api, 'GET', '/auth/me', { token: stack.employee })).status).toBe(200);
  });
});
