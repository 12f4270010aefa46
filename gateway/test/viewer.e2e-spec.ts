import { READ_ONLY_ROLE_DETAIL } from '@sixa/contracts';
import { http } from '@sixa/testing';
import { SERVICES } from '../src/routes';
import { startGatewayStack } from './stack';

const ID = '65f1c0ffee0000000000abcd';

/** At least one write per service prefix (gateway/src/routes.ts SERVICES): a viewer may make none of them. */
const WRITES: Array<[method: string, path: string, body: unknown]> = [
  ['PUT', '/auth/me', { name: 'x' }],
  ['POST', '/users', { name: 'x', email: 'x@example.com', password: 'Sup3r-secret' }],
  ['PUT', `/users/${ID}`, { name: 'x', email: 'x@example.com' }],
  ['PATCH', `/users/${ID}/toggle-status`, null],
  ['DELETE', `/users/${ID}`, null],
  ['POST', '/settings/users', { username: 'x', email: 'x@example.com', full_name: 'X', role: 'user', password: 'x' }],
  ['POST', '/leads', { name: 'Lead', email: 'lead@example.com', company: 'ACME', source: 'Website' }],
  ['PUT', `/leads/${ID}`, { name: 'Lead' }],
  ['DELETE', `/leads/${ID}`, null],
  ['POST', '/leads/import', null],
  ['POST', '/quotes', {}],
  ['POST', `/quotes/${ID}/send`, null],
  ['POST', '/products-services', {}],
  ['POST', '/tasks', { title: 'T' }],
  ['PATCH', `/tasks/${ID}`, {}],
  ['POST', `/workflows/${ID}/execute`, null],
  ['POST', '/team', {}],
  ['POST', '/calendar/events', {}],
  ['DELETE', `/calendar/events/${ID}`, null],
  ['POST', '/document-templates', {}],
  ['POST', '/documents', {}],
  ['POST', `/documents/${ID}/share-link`, null],
  ['POST', '/document-categories', {}],
  ['POST', '/integrations/sync-jobs', {}],
  ['PUT', '/settings/security', {}],
  ['PUT', '/settings/system', {}],
  ['PUT', `/settings/dashboard-widgets/${ID}`, { widgets: [] }],
  ['PUT', '/settings/rate-limits/leads', { limit_per_hour: 1, limit_per_day: 1 }],
  ['POST', '/settings/webhooks', {}],
  ['POST', '/chat/message', { message: 'hi' }],
  ['POST', '/dashboard/refresh', {}],
  ['POST', '/monitoring/simulate-alert?severity=low', null],
  ['DELETE', `/monitoring/alerts/${ID}`, null],
];

describe('a viewer, through the gateway', () => {
  let stack: Awaited<ReturnType<typeof startGatewayStack>>;
  let viewer: { id: string; token: string };

  beforeAll(async () => {
    stack = await startGatewayStack();
    viewer = await stack.userWith('viewer', stack.admin);
  });
  afterAll(() => stack?.stop());

  it('has a write in the table for every service prefix', () => {
    const prefixes = SERVICES.flatMap((s) => s.prefixes);
    const covered = (prefix: string) =>
      WRITES.some(([, path]) => {
        const longest = prefixes
          .filter((p) => path === p || path.startsWith(`${p}/`))
          .sort((a, b) => b.length - a.length)[0];
        return longest === prefix;
      });
    expect(prefixes.filter((p) => !covered(p))).toEqual([]);
  });

  it.each(WRITES)('%s %s -> 403 with a detail', async (method, path, body) => {
    const res = await http(stack.api, method, path, { token: viewer.token, body: body ?? {} });
    expect(res.status).toBe(403);
    expect(typeof res.body.detail).toBe('string');
    // Routes every signed-in user may write: refused because the viewer reads only.
    if (!/^\/(users|team|settings)(\/|$)/.test(path) || path.startsWith('/settings/dashboard-widgets/')) {
      expect(res.body.detail).toBe(READ_ONLY_ROLE_DETAIL);
    }
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

  it('may still choose its own theme (the one write listed for viewers)', async () => {
    const res = await http(stack.api, 'PUT', '/auth/me/preferences', { token: viewer.token, body: { theme: 'dark' } });
    expect(res).toMatchObject({ status: 200, body: { theme: 'dark' } });
  });

  it('is refused by the service itself when it skips the gateway (AccessLevelGuard)', async () => {
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
