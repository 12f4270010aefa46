import {
  GATEWAY_ROUTES,
  hasAccess,
  MONITORING_WS_PROTOCOL,
  PROCESS_ROUTES,
  ROUTE_ACCESS,
  undeclaredRoutes,
  WS_TOKEN_PROTOCOL_PREFIX,
  type AccessLevel,
  type Role,
  type ServiceName,
} from '@sixa/contracts';
import { registeredRoutes } from '@sixa/observability';
import { http } from '@sixa/testing';
import WebSocket from 'ws';
import { startStack } from '../../e2e/stack';

/**
 * The role x route matrix: every route ROUTE_ACCESS declares, called through the gateway of one stack
 * of every service as each identity, with the answer each must get: 401 for anonymous on a route that
 * is not public, 403 for a role below the level, and otherwise the service's own answer (anything but
 * 401 and 403). A refused call is also made to the service directly, past the gateway: it refuses the
 * same. And each process registers only declared routes: a route added without its row fails here
 * (and the process would not start).
 *
 * Calls use ids that exist nowhere and empty bodies, so that a write the identity may make answers
 * 404 or 400 and changes nothing a later row reads.
 */

type Identity = 'anonymous' | Role;
const IDENTITIES: readonly Identity[] = ['anonymous', 'viewer', 'user', 'employee', 'manager', 'admin'];
const NO_SUCH_ID = '65f1c0ffee0000000000abcd';
const POOL = 8;

/**
 * Public routes whose handler checks a bearer token of its own: sign-out ends the token it is sent,
 * so without one the auth service itself answers 401 (the gateway let it through).
 */
const OWN_CREDENTIAL: Record<string, Partial<Record<Identity, 401>>> = { 'POST /auth/logout': { anonymous: 401 } };

interface Signed {
  id: string;
  token: string;
  email: string;
  password: string;
}

interface Row {
  owner: ServiceName;
  key: string;
  level: AccessLevel;
}

const ROWS: Row[] = (Object.keys(ROUTE_ACCESS) as ServiceName[]).flatMap((owner) =>
  Object.entries(ROUTE_ACCESS[owner]).map(([key, level]) => ({ owner, key, level: level as AccessLevel })),
);

/** What `who` must get from a route of `level` through the gateway. */
function expected(who: Identity, level: AccessLevel, key = ''): 'allowed' | 401 | 403 | 404 {
  if (level === 'internal') return 404;
  if (level === 'public') return OWN_CREDENTIAL[key]?.[who] ?? 'allowed';
  if (who === 'anonymous') return 401;
  return hasAccess(who, level) ? 'allowed' : 403;
}

/** Runs `tasks` with at most `limit` at a time, keeping their order in the results. */
async function pool<T>(limit: number, tasks: Array<() => Promise<T>>): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

describe('the role x route matrix, through the gateway', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let api: string;
  const signed = new Map<Role, Signed>();
  /** `${key} as ${identity}` -> the status the gateway answered (and the service, past the gateway). */
  const viaGateway = new Map<string, number>();
  const direct = new Map<string, number>();

  /** The concrete path of a pattern for `who`: own role and own id where a route narrows to them. */
  const pathFor = (pattern: string, who: Identity) =>
    pattern
      .replace(/:role\b/, who === 'anonymous' ? 'viewer' : who)
      .replace(/:userId\b/, who === 'anonymous' ? NO_SUCH_ID : signed.get(who)!.id)
      .replace(/:token\b/, 'not-a-real-token')
      .replace(/:resource\b/, 'matrix-no-such-resource')
      .replace(/:[A-Za-z]+/g, NO_SUCH_ID)
      .replace(/\*$/, 'x');

  /** The identity's token; logout gets a session of its own, so that the others go on. */
  const tokenFor = async (who: Identity, key: string): Promise<string | undefined> => {
    if (who === 'anonymous') return undefined;
    const me = signed.get(who)!;
    if (key !== 'POST /auth/logout') return me.token;
    const res = await http(api, 'POST', '/auth/login', { body: { email: me.email, password: me.password } });
    return res.body.access_token as string;
  };

  const call = async (base: string, key: string, who: Identity) => {
    const [method, pattern] = key.split(' ') as [string, string];
    const body = method === 'GET' || method === 'DELETE' ? undefined : {};
    const res = await http(base, method, pathFor(pattern, who), { token: await tokenFor(who, key), body });
    return res.status;
  };

  beforeAll(async () => {
    stack = await startStack({ webClient: false });
    api = `${stack.url}/api`;
    await http(api, 'POST', '/auth/initialize-default-users');
    const signIn = async (role: Role, email: string, password: string, id?: string) => {
      const res = await http(api, 'POST', '/auth/login', { body: { email, password } });
      if (res.status !== 200) throw new Error(`signing in as ${email}: ${res.status} ${JSON.stringify(res.body)}`);
      signed.set(role, { id: id ?? res.body.user.id, token: res.body.access_token, email, password });
    };
    await signIn('admin', 'admin@sixa.local', 'Admin123!');
    await signIn('employee', 'employee@sixa.local', 'Employee123!');
    for (const role of ['viewer', 'user', 'manager'] as const) {
      const body = {
        name: `Matrix ${role}`,
        email: `matrix.${role}.${Date.now()}@example.com`,
        password: 'Sup3r-secret',
        role,
      };
      const created = await http(api, 'POST', '/users', { token: signed.get('admin')!.token, body });
      if (created.status !== 201)
        throw new Error(`creating a ${role}: ${created.status} ${JSON.stringify(created.body)}`);
      await signIn(role, body.email, body.password, created.body.id);
    }

    const tasks = ROWS.flatMap((row) =>
      IDENTITIES.map((who) => async () => {
        viaGateway.set(`${row.key} as ${who}`, await call(api, row.key, who));
        const verdict = expected(who, row.level, row.key);
        // Past the gateway, the service's own guard refuses the same (internal routes are reachable there).
        if (verdict === 401 || verdict === 403 || row.level === 'internal')
          direct.set(`${row.key} as ${who}`, await call(stack.processes[row.owner].url, row.key, who));
      }),
    );
    await pool(POOL, tasks);
  }, 300_000);

  afterAll(() => stack?.stop());

  /** A status as the matrix shows it: the refusals as they are, anything else as the service's own answer. */
  const shown = (status: number | undefined, verdict: ReturnType<typeof expected>) =>
    status === 401 || status === 403 || (verdict === 404 && status === 404) ? status : `allowed (${status})`;
  const must = (verdict: ReturnType<typeof expected>) =>
    verdict === 'allowed' ? expect.stringMatching(/^allowed/) : verdict;

  it.each(ROWS.map((r) => [r.key, r.level] as const))('%s (%s) answers each identity as declared', (key, level) => {
    const answered = IDENTITIES.map((who) => [
      who,
      shown(viaGateway.get(`${key} as ${who}`), expected(who, level, key)),
    ]);
    expect(Object.fromEntries(answered)).toEqual(
      Object.fromEntries(IDENTITIES.map((who) => [who, must(expected(who, level, key))])),
    );
  });

  it.each(ROWS.map((r) => [r.key, r.owner, r.level] as const))(
    '%s is refused the same by %s itself, past the gateway',
    (key, _owner, level) => {
      const checked = IDENTITIES.filter((who) => direct.has(`${key} as ${who}`));
      const answered = checked.map((who) => [who, shown(direct.get(`${key} as ${who}`), expected(who, level, key))]);
      // Internal routes need no token on the service's own address (probes, scrapes, the gateway's reads).
      const verdict = (who: Identity) => (level === 'internal' ? 'allowed' : expected(who, level, key));
      expect(Object.fromEntries(answered)).toEqual(Object.fromEntries(checked.map((who) => [who, must(verdict(who))])));
    },
  );

  it.each(['gateway', ...Object.keys(ROUTE_ACCESS)] as const)(
    '%s registers only declared routes, and serves every row declared for it',
    (owner) => {
      const routes = registeredRoutes(stack.processes[owner].app);
      expect(routes.length).toBeGreaterThan(0);
      expect(undeclaredRoutes(owner, routes)).toEqual([]);
      const served = new Set(routes.map((r) => `${r.method === 'HEAD' ? 'GET' : r.method} ${r.path}`));
      const section: Record<string, unknown> = owner === 'gateway' ? GATEWAY_ROUTES : ROUTE_ACCESS[owner];
      // The web client's files are served when there is a build (this stack has none).
      const notServed = Object.keys(section).filter((key) => !served.has(key));
      expect(notServed).toEqual(owner === 'gateway' ? ['GET /*'] : []);
      for (const key of Object.keys(PROCESS_ROUTES).filter((k) => k !== 'GET /openapi.json'))
        expect([owner, key, served.has(key)]).toEqual([owner, key, true]);
    },
  );

  describe("the gateway's own routes", () => {
    it.each([
      'GET /api',
      'POST /api/initialize-mock-data',
      'GET /api/docs',
      'GET /api/docs/openapi.json',
      'GET /api/docs/asyncapi.json',
    ])('%s answers every identity (public)', async (key) => {
      expect(GATEWAY_ROUTES[key as keyof typeof GATEWAY_ROUTES]).toBe('public');
      const [method, path] = key.split(' ') as [string, string];
      const statuses = await Promise.all(
        IDENTITIES.map(async (who) => {
          const token = who === 'anonymous' ? undefined : signed.get(who)!.token;
          return (await http(stack.url, method, path, { token })).status;
        }),
      );
      expect(statuses.filter((s) => s === 401 || s === 403 || s >= 500)).toEqual([]);
    });

    it('documents every declared /api route in /api/docs/openapi.json, each with its success, its errors and its security', async () => {
      const doc = (await http(stack.url, 'GET', '/api/docs/openapi.json')).body as {
        paths: Record<
          string,
          Record<string, { responses: Record<string, { content?: unknown }>; security?: unknown[] }>
        >;
      };
      const documented = new Map<string, { responses: Record<string, { content?: unknown }>; security?: unknown[] }>();
      for (const [path, item] of Object.entries(doc.paths))
        for (const [method, op] of Object.entries(item))
          documented.set(`${method.toUpperCase()} ${path.slice('/api'.length).replace(/\{([^}]+)\}/g, ':$1')}`, op);
      const declared = ROWS.filter((r) => r.level !== 'internal');
      expect(declared.filter((r) => !documented.has(r.key)).map((r) => r.key)).toEqual([]);
      const incomplete = declared.filter((r) => {
        const op = documented.get(r.key)!;
        const secured = r.level === 'public' ? op.security?.length === 0 : op.security?.length === 1;
        // A public route may answer 401 only for credentials of its own (sign-in), in its own words.
        const tokenRefusal = (op.responses['401'] as { description?: string } | undefined)?.description;
        const refusesWithoutToken = tokenRefusal?.startsWith('No valid access token') ?? false;
        const error = op.responses['503']?.content;
        const succeeds = Object.keys(op.responses).some((code) => /^[23]\d\d$/.test(code));
        return (
          !secured ||
          !succeeds ||
          refusesWithoutToken !== (r.level !== 'public') ||
          !JSON.stringify(error).includes('Error')
        );
      });
      expect(incomplete.map((r) => r.key)).toEqual([]);
    });

    /** Opens /ws/monitoring as the browser does (the token as a subprotocol): the status it was answered. */
    const openLive = (token: string | undefined) =>
      new Promise<number>((resolve, reject) => {
        const protocols = [MONITORING_WS_PROTOCOL, ...(token ? [`${WS_TOKEN_PROTOCOL_PREFIX}${token}`] : [])];
        const socket = new WebSocket(`${stack.url.replace(/^http/, 'ws')}/ws/monitoring`, protocols);
        socket.once('open', () => {
          socket.close();
          resolve(101);
        });
        socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        socket.once('error', reject);
      });

    it('opens GET /ws/monitoring to every signed-in identity (any) and refuses anonymous', async () => {
      expect(GATEWAY_ROUTES['GET /ws/monitoring']).toBe('any');
      const statuses = await Promise.all(
        IDENTITIES.map(async (who) => [who, await openLive(who === 'anonymous' ? undefined : signed.get(who)!.token)]),
      );
      expect(Object.fromEntries(statuses)).toEqual(
        Object.fromEntries(IDENTITIES.map((who) => [who, who === 'anonymous' ? 401 : 101])),
      );
    });
  });
});
