import { PERMISSION_DENIED_DETAIL, READ_ONLY_ROLE_DETAIL } from '@sixa/contracts';
import { http } from '@sixa/testing';
import { startGatewayStack } from './stack';

const ID = '65f1c0ffee0000000000abcd';

describe('a viewer, through the gateway', () => {
  let stack: Awaited<ReturnType<typeof startGatewayStack>>;
  let viewer: { id: string; token: string };

  beforeAll(async () => {
    stack = await startGatewayStack();
    viewer = await stack.userWith('viewer', stack.admin);
  });
  afterAll(() => stack?.stop());

  // Every write of every route, as a viewer among the other identities: role-matrix.e2e-spec.ts.
  it.each([
    ['POST', '/leads', { name: 'Lead', email: 'lead@example.com', company: 'ACME', source: 'Website' }],
    ['PUT', `/leads/${ID}`, { name: 'Lead' }],
    ['POST', '/quotes', {}],
    ['PUT', `/settings/dashboard-widgets/${ID}`, { widgets: [] }],
  ])('%s %s -> 403, read-only', async (method, path, body) => {
    const res = await http(stack.api, method, path, { token: viewer.token, body });
    expect(res).toMatchObject({ status: 403, body: { detail: READ_ONLY_ROLE_DETAIL } });
  });

  it.each([
    ['POST', '/users', { name: 'x', email: 'x@example.com', password: 'Sup3r-secret' }],
    ['PUT', '/settings/system', {}],
  ])('%s %s -> 403, admin only', async (method, path, body) => {
    const res = await http(stack.api, method, path, { token: viewer.token, body });
    expect(res).toMatchObject({ status: 403, body: { detail: PERMISSION_DENIED_DETAIL } });
  });

  it.each([
    ['/auth/me'],
    ['/auth/me/preferences'],
    ['/leads'],
    ['/quotes'],
    ['/products-services'],
    ['/settings/branding'],
    ['/settings/menu-config/viewer'],
  ])('GET %s -> 200', async (path) => {
    const res = await http(stack.api, 'GET', path, { token: viewer.token });
    expect(res.status).toBe(200);
  });

  it('reads its own dashboard layout', async () => {
    const res = await http(stack.api, 'GET', `/settings/dashboard-widgets/${viewer.id}`, { token: viewer.token });
    expect(res.status).toBe(200);
  });

  it('may still choose its own theme (a write its row allows)', async () => {
    const res = await http(stack.api, 'PUT', '/auth/me/preferences', { token: viewer.token, body: { theme: 'dark' } });
    expect(res).toMatchObject({ status: 200, body: { theme: 'dark' } });
  });

  it('is refused by the service itself when it skips the gateway (RouteAccessGuard)', async () => {
    for (const [method, path] of [
      ['PUT', `/leads/${ID}`],
      ['POST', '/leads'],
      ['POST', '/quotes'],
    ] as const) {
      const res = await http(stack.crmUrl, method, path, { token: viewer.token, body: { name: 'x' } });
      expect(res).toMatchObject({ status: 403, body: { detail: READ_ONLY_ROLE_DETAIL } });
    }
    expect((await http(stack.crmUrl, 'GET', '/leads', { token: viewer.token })).status).toBe(200);
    const own = await http(stack.auth.url, 'PUT', '/auth/me/preferences', {
      token: viewer.token,
      body: { theme: 'light' },
    });
    expect(own.status).toBe(200);
  });

  it.each(['manager', 'user'])('lets a %s write as an employee does, and not reach admin areas', async (role) => {
    const { token } = await stack.userWith(role, stack.admin);
    const lead = await http(stack.api, 'POST', '/leads', {
      token,
      body: {
        name: `Lead of a ${role}`,
        email: `${role}.${Date.now()}@example.com`,
        company: 'ACME',
        source: 'Website',
      },
    });
    expect(lead.status).toBe(201);
    expect((await http(stack.api, 'GET', '/users', { token })).status).toBe(403);
  });
});
