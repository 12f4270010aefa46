import type { INestApplication } from '@nestjs/common';
import { http, serviceBase, uniqueDbName } from '@sixa/testing';
import { type GatewayConfig } from '../../../gateway/src/config';
import { ADMIN, EMPLOYEE, login, startAuth, signInBoth } from '../../auth/test/factories';
import { startWorkService } from '../src/app.module';
import { loadConfig, type WorkConfig } from '../src/config';
import { startTestGateway } from '../../../gateway/test/test-gateway';

export { ADMIN, EMPLOYEE, login };

/**
 * A gateway in front of the given services (auth is required: it signs the tokens the gateway
 * checks). `api` is its `/api` base, where the browser's calls go.
 */
export function startGatewayFor(
  services: { auth: string; work?: string; crm?: string },
  overrides: Partial<GatewayConfig> = {},
): Promise<{ app: INestApplication; url: string; api: string }> {
  return startTestGateway(services, { overrides });
}

/** The configuration a test's work service runs with: a fresh database, the test run's Kafka, fast timers. */
export function workTestConfig(authUrl: string, overrides: Partial<WorkConfig> = {}): WorkConfig {
  return {
    ...loadConfig({}),
    ...serviceBase(authUrl),
    mongoDb: uniqueDbName('work'),
    timerSweepMs: 250,
    ...overrides,
  };
}

/**
 * The auth service (real tokens), the work service on a fresh database, and a gateway in front of
 * both. `url` is the work service itself, `api` the gateway's `/api` (where API tests go).
 * `restart()` stops the work service and starts it again on the same database and port-less config
 * (the gateway is pointed at the new address); pass `between` to act while it is down.
 */
export async function startWork(overrides: Partial<WorkConfig> = {}) {
  const auth = await startAuth();
  const config = workTestConfig(auth.url, overrides);
  let work = await startWorkService(config);
  let gateway = await startGatewayFor({ auth: auth.url, work: work.url });
  const { admin, employee } = await signInBoth(auth.url);
  const ctx = {
    /** The work service's own base URL (no /api). */
    url: work.url,
    /** The gateway's /api base: the browser's way in. */
    api: gateway.api,
    admin,
    employee,
    auth,
    app: work.app,
    gateway: gateway.app,
    gatewayUrl: gateway.url,
    config,
    /** Stops the work service only (the gateway answers 502/503 meanwhile). */
    stopWork: async () => {
      await ctx.app.close();
    },
    /** Starts the work service again on the same database; the gateway follows it to its new port. */
    startWork: async () => {
      work = await startWorkService(config);
      await gateway.app.close();
      gateway = await startGatewayFor({ auth: auth.url, work: work.url });
      ctx.url = work.url;
      ctx.api = gateway.api;
      ctx.app = work.app;
      ctx.gateway = gateway.app;
      ctx.gatewayUrl = gateway.url;
    },
    /** Stops the work service, runs `between` (if any) while it is down, and starts it again. */
    restart: async (between?: () => Promise<void>) => {
      await ctx.stopWork();
      if (between) await between();
      await ctx.startWork();
    },
    /** Closes what the context holds now (a test may have restarted it): gateway, work, auth. */
    stop: async () => {
      await ctx.gateway.close();
      await ctx.app.close();
      await auth.app.close();
    },
  };
  return ctx;
}

export type WorkContext = Awaited<ReturnType<typeof startWork>>;

/** The signed-in user's id (the `sub` of their access token). */
export function userIdOf(token: string): string {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).sub as string;
}

/** Creates a user through auth (as the admin) and returns a token for them. */
export async function newUserToken(ctx: WorkContext, role: 'admin' | 'employee' = 'employee') {
  const who = {
    name: `Work User ${++n}`,
    email: `work${n}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`,
    password: 'Sup3r-secret!',
    role,
  };
  const res = await http(ctx.auth.url, 'POST', '/users', { token: ctx.admin, body: who });
  if (res.status !== 201) throw new Error(`creating ${who.email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    ...who,
    id: res.body.id as string,
    token: await login(ctx.auth.url, { email: who.email, password: who.password }),
  };
}

let n = 0;

/** A task as the Create Task form sends it. */
export function newTask(overrides: Record<string, unknown> = {}) {
  n++;
  return { title: `Task ${n}`, description: '', priority: 'medium', assigned_to: '', tags: [], ...overrides };
}

/** A calendar event as the form sends it: one hour, starting `startInHours` from now (default tomorrow). */
export function newCalendarEvent(overrides: Record<string, unknown> = {}, startInHours = 24) {
  n++;
  const start = new Date(Date.now() + startInHours * 3_600_000);
  start.setUTCSeconds(0, 0);
  const end = new Date(start.getTime() + 3_600_000);
  return {
    title: `Event ${n}`,
    description: '',
    start_time: start.toISOString(),
    end_time: end.toISOString(),
    location: '',
    attendees: [] as string[] | string,
    created_by: 'current_user',
    ...overrides,
  };
}

/** A workflow as the Create Workflow modal sends it (two task steps unless `steps` is given). */
export function newWorkflow(overrides: Record<string, unknown> = {}) {
  n++;
  return {
    name: `Workflow ${n}`,
    description: 'Follow up',
    steps: [
      { action: 'create_task', description: 'Call', delay: 0, params: { title: `Call ${n}` } },
      { action: 'create_task', description: 'Mail', delay: 0, params: { title: `Mail ${n}` } },
    ],
    created_by: 'current_user',
    ...overrides,
  };
}
