import { ROUTE_ACCESS, type ServiceName } from '@sixa/contracts';
import { http, sleep } from '@sixa/testing';
import { execFile } from 'node:child_process';
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { startStack } from '../../e2e/stack';
import {
  addressOf,
  ARG,
  callEndpoints,
  notFromContracts,
  readWebClient,
  rel,
  ROOT,
  samplesOf,
  templateOf,
  where,
  type EndpointCalls,
  type Recorded,
  type WebClientSources,
} from './web-client';

// The web client's constants from the contracts' sources, as web's own jest and vite read them (no build needed).
jest.mock('@sixa/contracts/browser', () => jest.requireActual('@sixa/contracts'));

/**
 * The web client against the API's contract: every request it makes is an operation of the OpenAPI
 * document the gateway serves (/api/docs/openapi.json), with documented query parameters; its
 * requests and answers are typed with libs/contracts; and a client generated from the document
 * (openapi-typescript, openapi-fetch) type-checks strictly and works against the live API.
 */

/** Endpoints that make no HTTP request, and why. */
const NOT_HTTP: Record<string, string> = {
  monitoringStream:
    "A queryFn: its cache entry follows the /ws/monitoring WebSocket (GATEWAY_ROUTES 'GET /ws/monitoring'), which is not an /api operation.",
};

/** Where the client opens a socket, and why that is outside the OpenAPI document. */
const SOCKETS: Record<string, string> = {
  'web/src/features/monitoring/monitoringApi.ts':
    'The live monitoring stream, /ws/monitoring: a WebSocket the gateway serves beside /api, not an HTTP operation.',
};

/**
 * Shapes the client declares itself, each with the reason it is not a copy of an API type (their
 * fields are still checked). Named `file.ts:Name`, or `endpoint arg|result` when written in place.
 */
const CLIENT_SHAPES: Record<string, string> = {
  'revision.ts:RecordEdit':
    "An edit: the path's {id}, the body (checked), and the record's tag sent as If-Match (a header, not a body field).",
  'putRateLimit arg':
    "A rate limit's edit: the path's {resource}, the body (PutRateLimitDto) and the tag sent as If-Match.",
  'leadsApi.ts:LeadPage': 'A page the client makes of the Lead[] answer and its X-Total-Count header.',
  'documentsApi.ts:ListPage':
    'A page the client makes of a list answer (contract records) and its X-Total-Count header.',
  'tasksApi.ts:TaskPage':
    'A page the client makes of the Task[] answer and its X-Total-Count and X-Next-Cursor headers.',
  'documentsApi.ts:DocumentListArgs': "page: the table's 1-based page, which the client turns into limit and offset.",
  'downloadDocumentPdf arg':
    'kind picks GET /documents/{id}/pdf or /signed-pdf; fileName names the saved file. Neither is sent.',
  'setWorkflowEnabled arg': 'enabled picks POST /workflows/{id}/resume or /pause; nothing is sent.',
  'monitoringApi.ts:AnalysisResult':
    "The contract's AnalysisResponse with ai_analysis widened to the plain text the spec also allows.",
  // Answers libs/contracts has no type for (gaps of the contracts, not of the client):
  'leadsApi.ts:LeadImportResult': "POST /leads/import's answer: the contracts declare no type for it.",
  'integrationsApi.ts:SampleDataResult':
    "POST /integrations/initialize-sample-data's answer: the contracts declare no type for it.",
  'settingsApi.ts:SampleDataResult':
    "POST /settings/initialize-sample-data's answer: the contracts declare no type for it.",
  'requestPasswordReset result':
    "POST /auth/forgot-password's answer: the contracts declare only its text (PASSWORD_RESET_REQUESTED_DETAIL).",
  'initQuoteSampleData result': 'Not read (the screens load again); the contracts declare no type for it.',
  'initializeMockData result': 'Not read (sent at start); the contracts declare no type for it.',
};

/**
 * KNOWN GAPS of the document, each to be removed once the document is fixed (the tests say which
 * entries are stale). Operations whose 2xx answer has no schema (no content) although the client
 * reads a body from it: a generated client types their `data` as undefined. (GET /api/leads/{id}
 * is the generated client's, below; the others the web client's.)
 */
const ANSWER_WITHOUT_SCHEMA = new Set<string>([
  'GET /api',
  'POST /api/auth/change-expired-password',
  'POST /api/auth/forgot-password',
  'POST /api/auth/initialize-default-users',
  'POST /api/auth/login',
  'GET /api/auth/me',
  'GET /api/auth/me/preferences',
  'PUT /api/auth/me/preferences',
  'POST /api/auth/reset-password',
  'POST /api/auth/reset-password/check',
  'GET /api/calendar/events',
  'POST /api/calendar/events',
  'GET /api/calendar/events/{id}',
  'PUT /api/calendar/events/{id}',
  'GET /api/calendar/events/{id}.ics',
  'GET /api/calendar/feed-link',
  'POST /api/calendar/feed-link/rotate',
  'POST /api/chat/message',
  'GET /api/chat/status',
  'GET /api/dashboard/activity',
  'GET /api/dashboard/insights',
  'GET /api/dashboard/metrics',
  'GET /api/dashboard/revenue-trend',
  'GET /api/document-categories',
  'GET /api/document-templates',
  'POST /api/document-templates',
  'PUT /api/document-templates/{id}',
  'POST /api/document-templates/{id}/preview',
  'GET /api/documents',
  'POST /api/documents',
  'POST /api/documents/convert',
  'POST /api/documents/initialize-sample-data',
  'GET /api/documents/signing/{token}',
  'POST /api/documents/signing/{token}/decline',
  'POST /api/documents/signing/{token}/sign',
  'POST /api/documents/verify',
  'GET /api/documents/{id}',
  'PUT /api/documents/{id}',
  'GET /api/documents/{id}/audit-trail',
  'POST /api/documents/{id}/send-for-signature',
  'GET /api/documents/{id}/signing-links',
  'GET /api/documents/{id}/versions',
  'POST /api/initialize-mock-data',
  'GET /api/integrations/analytics',
  'POST /api/integrations/api-key-connection',
  'GET /api/integrations/connections',
  'DELETE /api/integrations/connections/{id}',
  'PUT /api/integrations/connections/{id}',
  'POST /api/integrations/initialize-sample-data',
  'POST /api/integrations/oauth/callback',
  'POST /api/integrations/oauth/initiate',
  'GET /api/integrations/platforms',
  'POST /api/integrations/sync-jobs',
  'GET /api/integrations/sync-jobs/{id}',
  'GET /api/integrations/sync-jobs/{id}/log',
  'GET /api/leads',
  'POST /api/leads',
  'GET /api/leads/export.csv',
  'POST /api/leads/import',
  'GET /api/leads/stats',
  'GET /api/leads/{id}',
  'PUT /api/leads/{id}',
  'GET /api/monitoring/alerts',
  'POST /api/monitoring/alerts/{id}/acknowledge',
  'POST /api/monitoring/alerts/{id}/resolve',
  'POST /api/monitoring/analyze',
  'GET /api/monitoring/metrics/chart-data',
  'POST /api/monitoring/simulate-alert',
  'GET /api/monitoring/system-status',
  'GET /api/products-services',
  'GET /api/quotes',
  'POST /api/quotes',
  'GET /api/quotes/analytics/summary',
  'GET /api/quotes/defaults',
  'POST /api/quotes/init-sample-data',
  'GET /api/quotes/public/{token}',
  'POST /api/quotes/public/{token}/accept',
  'POST /api/quotes/public/{token}/reject',
  'GET /api/quotes/{id}',
  'PUT /api/quotes/{id}',
  'POST /api/quotes/{id}/send',
  'GET /api/settings/ai',
  'PUT /api/settings/ai',
  'GET /api/settings/backup',
  'GET /api/settings/branding',
  'GET /api/settings/business-rules',
  'POST /api/settings/business-rules',
  'PUT /api/settings/business-rules/{id}',
  'POST /api/settings/business-rules/{id}/activate',
  'GET /api/settings/business-rules/{id}/executions',
  'POST /api/settings/business-rules/{id}/test',
  'GET /api/settings/dashboard-widgets/{userId}',
  'PUT /api/settings/dashboard-widgets/{userId}',
  'POST /api/settings/initialize-sample-data',
  'GET /api/settings/menu-config/{role}',
  'PUT /api/settings/menu-config/{role}',
  'GET /api/settings/rate-limits',
  'PUT /api/settings/rate-limits/{resource}',
  'GET /api/settings/security',
  'PUT /api/settings/security',
  'GET /api/settings/system',
  'PUT /api/settings/system',
  'GET /api/settings/users',
  'POST /api/settings/users',
  'PUT /api/settings/users/{id}/notification-frequency',
  'POST /api/settings/users/{id}/reset-password',
  'GET /api/settings/webhooks',
  'POST /api/settings/webhooks',
  'PUT /api/settings/webhooks/{id}',
  'GET /api/settings/webhooks/{id}/deliveries',
  'POST /api/settings/webhooks/{id}/test',
  'GET /api/tasks',
  'POST /api/tasks',
  'GET /api/tasks/assignees',
  'GET /api/tasks/stats',
  'GET /api/tasks/{id}',
  'PUT /api/tasks/{id}',
  'GET /api/team',
  'POST /api/team',
  'GET /api/team/stats',
  'PUT /api/team/{id}',
  'GET /api/users',
  'POST /api/users',
  'PUT /api/users/{id}',
  'PATCH /api/users/{id}/toggle-status',
  'GET /api/workflows',
  'POST /api/workflows',
  'GET /api/workflows/runs/{runId}',
  'GET /api/workflows/stats',
  'PUT /api/workflows/{id}',
  'POST /api/workflows/{id}/execute',
  'POST /api/workflows/{id}/pause',
  'POST /api/workflows/{id}/resume',
  'GET /api/workflows/{id}/runs',
]);
/** Operations the web client calls that document no 2xx answer at all (only their errors). */
const NO_SUCCESS_ANSWER = new Set<string>([]);

interface Operation {
  parameters?: Array<{ name: string; in: string }>;
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

describe('the web client and the API contract', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let doc: Document;
  let web: WebClientSources;
  let calls: { registered: string[]; results: EndpointCalls[] };
  const unreadable: string[] = [];
  /** The document's operations by `METHOD /api/path` as it writes it (`/api/leads/{id}`). */
  const operations = new Map<string, { key: string; op: Operation }>();
  /** The same by the path with each parameter written `{}`, as requests are recorded. */
  const byTemplate = new Map<string, { key: string; op: Operation }>();
  const operationOf = (r: Pick<Recorded, 'method' | 'path'>) => byTemplate.get(`${r.method} ${r.path}`);
  const successes = (op: Operation) =>
    Object.entries(op.responses ?? {}).flatMap(([code, answer]) => (/^2/.test(code) ? [answer] : []));

  beforeAll(async () => {
    web = readWebClient();
    unreadable.push(...web.unreadable);
    stack = await startStack({ webClient: false });
    doc = await mergedDocument(stack);
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item)) {
        const found = { key: `${method.toUpperCase()} ${path}`, op };
        operations.set(found.key, found);
        byTemplate.set(`${method.toUpperCase()} ${templateOf(path.replace(/\{[^}]+\}/g, ARG))}`, found);
      }

    const args = new Map<string, Array<{ arg: unknown; pageParam?: unknown }>>();
    for (const endpoint of web.endpoints.filter((e) => NOT_HTTP[e.name] === undefined)) {
      try {
        const values = samplesOf(endpoint.arg, web.checker);
        const pages = endpoint.pageParam ? samplesOf(endpoint.pageParam, web.checker) : [undefined];
        args.set(
          endpoint.name,
          values.flatMap((arg) => pages.map((pageParam) => ({ arg, pageParam }))),
        );
      } catch (e) {
        unreadable.push(`${where(endpoint.site)}: ${endpoint.name}'s argument: ${(e as Error).message}`);
      }
    }
    calls = await callEndpoints(web.endpointModules, args);
  }, 300_000);

  afterAll(() => stack?.stop());

  /** The operations an endpoint's calls reached. */
  const reached = (name: string) =>
    (calls.results.find((r) => r.name === name)?.calls ?? [])
      .flatMap((c) => c.requests)
      .flatMap((r) => operationOf(r) ?? []);

  it("finds every endpoint of the web client's API slice, and reads each one", () => {
    expect(unreadable).toEqual([]);
    expect(web.endpoints.length).toBeGreaterThan(0);
    expect(web.endpointModules.map(rel)).toContain('web/src/features/leads/leadsApi.ts');
    // What the sources define is what the running slice has.
    expect([...calls.registered].sort()).toEqual(web.endpoints.map((e) => e.name).sort());
    expect(Object.keys(NOT_HTTP).filter((name) => !calls.registered.includes(name))).toEqual([]);
  });

  it('makes only requests the document describes: method, path and query parameters', () => {
    const problems = web.endpoints
      .filter((e) => NOT_HTTP[e.name] === undefined)
      .flatMap(({ name }) => {
        const tried = calls.results.find((r) => r.name === name)?.calls ?? [];
        return tried.length
          ? tried.map((call) => ({ name, ...call }))
          : [{ name, arg: undefined, requests: [], error: 'not called: no argument could be made for it' }];
      })
      .flatMap(({ name, arg, requests, error }) => {
        const called = `${name}(${JSON.stringify(arg)})`;
        if (error) return [`${called}: ${error}`];
        if (requests.length !== 1) return [`${called}: ${requests.length} requests, not one`];
        const request = requests[0]!;
        const found = operationOf(request);
        if (!found) return [`${called}: ${request.method} ${request.path} is not in the document`];
        const documented = new Set((found.op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name));
        return request.query
          .filter((q) => !documented.has(q))
          .map((q) => `${called}: ${found.key} has no query parameter ${q}`);
      });
    expect(problems).toEqual([]);
  });

  it('makes its other requests (fetch, addresses it opens) to operations of the document', async () => {
    const problems: string[] = [];
    for (const call of [...web.fetches, ...web.addresses]) {
      const address = new URL(await addressOf(call), 'http://web.client');
      const request = { method: call.method, path: templateOf(address.pathname) };
      if (!operationOf(request))
        problems.push(`${where(call.site)}: ${request.method} ${request.path} is not in the document`);
    }
    expect(problems).toEqual([]);
    // Its sockets are the listed ones, each outside the document for the reason given.
    expect(web.sockets.map((s) => s.file).sort()).toEqual(Object.keys(SOCKETS).sort());
  });

  it('reads only answers the document describes (a 2xx answer, with its schema where a body is read)', () => {
    const missingSchema = new Set<string>();
    const missingAnswer = new Set<string>();
    for (const endpoint of web.endpoints.filter((e) => NOT_HTTP[e.name] === undefined)) {
      const readsBody = !(endpoint.result.flags & (ts.TypeFlags.Void | ts.TypeFlags.Undefined | ts.TypeFlags.Null));
      for (const { key, op } of reached(endpoint.name)) {
        if (!successes(op).length) missingAnswer.add(key);
        else if (readsBody && !successes(op).some((answer) => answer.content)) missingSchema.add(key);
      }
    }
    const unlisted = (found: Set<string>, listed: Set<string>, what: string) =>
      [...found].filter((k) => !listed.has(k)).map((k) => `${k}: ${what}`);
    // A listed gap the document no longer has.
    const fixed = (listed: Set<string>, list: string, gap: (op: Operation) => boolean) =>
      [...listed]
        .filter((k) => !operations.has(k) || !gap(operations.get(k)!.op))
        .map((k) => `${k}: ${operations.has(k) ? 'documented now' : 'not in the document'}, remove it from ${list}`);
    expect([
      ...unlisted(missingAnswer, NO_SUCCESS_ANSWER, 'no 2xx answer'),
      ...unlisted(missingSchema, ANSWER_WITHOUT_SCHEMA, 'its 2xx answer has no schema'),
      ...fixed(NO_SUCCESS_ANSWER, 'NO_SUCCESS_ANSWER', (op) => !successes(op).length),
      ...fixed(ANSWER_WITHOUT_SCHEMA, 'ANSWER_WITHOUT_SCHEMA', (op) => !successes(op).some((a) => a.content)),
    ]).toEqual([]);
  });

  it("types each endpoint's request and answer with the contracts (libs/contracts)", () => {
    const met = new Set<string>();
    const findings = web.endpoints
      .filter((e) => NOT_HTTP[e.name] === undefined)
      .flatMap((endpoint) => {
        const urlParameters = new Set(
          reached(endpoint.name).flatMap(({ op }) =>
            (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query').map((p) => p.name),
          ),
        );
        const rules = { clientShapes: CLIENT_SHAPES, met, urlParameters };
        return [
          ...notFromContracts(endpoint.result, `${endpoint.name} result`, 'result', web.checker, rules),
          ...notFromContracts(endpoint.arg, `${endpoint.name} arg`, 'arg', web.checker, rules),
        ];
      });
    expect(findings).toEqual([]);
    expect(Object.keys(CLIENT_SHAPES).filter((name) => !met.has(name))).toEqual([]);
  });

  describe('a client generated from the document', () => {
    let dir: string;
    let diagnostics: { client: ts.Diagnostic[]; unchecked: ts.Diagnostic[] };
    /** The lines of the client's deliberately wrong calls (each follows a @ts-expect-error). */
    let wrongLines: number[];

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'sixa-generated-client-'));
      // The generated client imports openapi-fetch as an integrator's project would: from its node_modules.
      symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
      // openapi-typescript's CLI, in a process of its own: its CommonJS build requires ES modules, which jest cannot load.
      writeFileSync(join(dir, 'openapi.json'), JSON.stringify(doc));
      const cli = join(ROOT, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');
      await promisify(execFile)(process.execPath, [cli, 'openapi.json', '--output', 'api.ts'], { cwd: dir });
      const client = clientSource((key) => ANSWER_WITHOUT_SCHEMA.has(key) || NO_SUCCESS_ANSWER.has(key));
      writeFileSync(join(dir, 'client.ts'), client);
      // The same calls without the @ts-expect-error lines: the wrong calls must then be the only errors.
      const lines = client.split('\n');
      wrongLines = lines.flatMap((line, i) => (line.includes('@ts-expect-error') ? [i + 1] : []));
      writeFileSync(
        join(dir, 'unchecked.ts'),
        lines.map((line) => (line.includes('@ts-expect-error') ? '' : line)).join('\n'),
      );
      const program = ts.createProgram([join(dir, 'client.ts'), join(dir, 'unchecked.ts')], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
        skipLibCheck: true,
        types: [],
      });
      const of = (name: string) => ts.getPreEmitDiagnostics(program, program.getSourceFile(join(dir, name)));
      diagnostics = { client: [...of('client.ts')], unchecked: [...of('unchecked.ts')] };
    }, 120_000);

    afterAll(() => dir && rm(dir, { recursive: true, force: true }));

    const shown = (d: ts.Diagnostic) => {
      const line = d.file ? d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1 : 0;
      return `${line}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
    };

    it('type-checks its calls, and refuses each wrong one', () => {
      expect(diagnostics.client.map(shown)).toEqual([]);
      expect(wrongLines.length).toBe(2);
      // Each wrong call is an error of its own line, and nothing else is.
      const errorLines = diagnostics.unchecked.map((d) => d.file!.getLineAndCharacterOfPosition(d.start!).line + 1);
      expect([...new Set(errorLines)].sort()).toEqual(wrongLines.map((l) => l + 1).sort());
      expect(diagnostics.unchecked.map(shown).join('\n')).toMatch(/'string' is not assignable to type 'number'/);
      expect(diagnostics.unchecked.map(shown).join('\n')).toMatch(/company/);
    });

    it('signs in, creates a lead, finds it in the list, reads it and edits it on the live API', async () => {
      const { leadRoundTrip } = (await import(join(dir, 'client.ts'))) as {
        leadRoundTrip: (...args: unknown[]) => Promise<RoundTrip>;
      };
      await http(`${stack.url}/api`, 'POST', '/auth/initialize-default-users');
      const lead = { name: `Generated ${Date.now()}`, email: `generated.${Date.now()}@example.com`, company: 'Acme' };
      const trip = await leadRoundTrip(stack.url, 'admin@sixa.local', 'Admin123!', lead);

      expect(trip.signedIn.status).toBe(200);
      expect(trip.signedIn.token).toEqual(expect.any(String));
      expect(trip.created).toMatchObject({ status: 201, data: { ...lead, source: 'Referral', status: 'new' } });
      expect(trip.listed.status).toBe(200);
      expect(trip.listed.data).toEqual([expect.objectContaining({ id: trip.created.data.id, name: lead.name })]);
      expect(trip.read).toMatchObject({ status: 200, data: { id: trip.created.data.id, rev: expect.any(Number) } });
      expect(trip.updated).toMatchObject({
        status: 200,
        data: { id: trip.created.data.id, company: 'Acme Renamed', status: 'contacted' },
      });
      // What the types refuse, the server refuses too.
      expect(trip.wrongQuery.status).toBe(400);
      expect(trip.missingField.status).toBe(400);
    });
  });
});

interface Answer {
  status: number;
  data: any;
}
interface RoundTrip {
  signedIn: { status: number; token: string };
  created: Answer;
  listed: Answer;
  read: Answer;
  updated: Answer;
  wrongQuery: Answer;
  missingField: Answer;
}

/**
 * The calls an integrator would write with the generated types and openapi-fetch. An answer the
 * document gives no schema (`untypedAnswer`: a listed gap) is read untyped; every other is read as
 * the document types it.
 */
function clientSource(untypedAnswer: (operation: string) => boolean): string {
  const body = (operation: string, res: string) => (untypedAnswer(operation) ? `untyped(${res}.data)` : `${res}.data!`);
  return `import createClient from 'openapi-fetch';
import type { paths } from './api';

/** An answer whose schema the document lacks (a known gap, listed in the test that wrote this file). */
const untyped = (data: unknown) => data as { [field: string]: any };

const answer = (res: { response: Response; data?: unknown; error?: unknown }) => ({
  status: res.response.status,
  data: res.data ?? res.error,
});

export async function leadRoundTrip(
  baseUrl: string,
  email: string,
  password: string,
  lead: { name: string; email: string; company: string },
) {
  const anonymous = createClient<paths>({ baseUrl });
  const signedIn = await anonymous.POST('/api/auth/login', { body: { email, password } });
  const token: string = ${body('POST /api/auth/login', 'signedIn')}.access_token;
  const api = createClient<paths>({ baseUrl, headers: { Authorization: \`Bearer \${token}\` } });

  const created = await api.POST('/api/leads', {
    body: { ...lead, source: 'Referral', phone: null, notes: 'Made by the generated client' },
  });
  const id: string = ${body('POST /api/leads', 'created')}.id;
  const listed = await api.GET('/api/leads', {
    params: { query: { q: lead.name, status: 'new', sort: '-created_at', limit: 10, offset: 0 } },
  });
  const read = await api.GET('/api/leads/{id}', { params: { path: { id } } });
  const rev: number = ${body('GET /api/leads/{id}', 'read')}.rev;
  const updated = await api.PUT('/api/leads/{id}', {
    params: { path: { id } },
    body: { ...lead, company: 'Acme Renamed', source: 'Referral', status: 'contacted', rev },
  });

  // Wrong on purpose: the generated types refuse each (and the server answers 400).
  // @ts-expect-error limit is a number
  const wrongQuery = await api.GET('/api/leads', { params: { query: { limit: 'ten' } } });
  // @ts-expect-error company is required
  const missingField = await api.POST('/api/leads', { body: { name: lead.name, email: lead.email, source: 'Referral' } });

  return {
    signedIn: { status: signedIn.response.status, token },
    created: answer(created),
    listed: answer(listed),
    read: answer(read),
    updated: answer(updated),
    wrongQuery: answer(wrongQuery),
    missingField: answer(missingField),
  };
}
`;
}

/**
 * The gateway's document once it holds every service's own: the gateway merges them in the
 * background (OpenApiAggregator.refresh), so it is read until each service's operations are all
 * there (those served under /api: not the internal ones).
 */
async function mergedDocument(stack: Awaited<ReturnType<typeof startStack>>): Promise<Document> {
  const own = await Promise.all(
    (Object.keys(ROUTE_ACCESS) as ServiceName[]).map(async (service) => {
      const res = await http(stack.processes[service].url, 'GET', '/openapi.json');
      if (res.status !== 200) throw new Error(`${service}'s /openapi.json: ${res.status}`);
      const routes: Record<string, string> = ROUTE_ACCESS[service];
      return Object.entries((res.body as Document).paths).flatMap(([path, item]) =>
        Object.keys(item)
          .map((method) => [method, `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`] as const)
          .filter(([, route]) => routes[route] !== undefined && routes[route] !== 'internal')
          .map(([method]) => [`/api${path}`, method] as const),
      );
    }),
  );
  const expected = own.flat();
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await http(stack.url, 'GET', '/api/docs/openapi.json');
    const paths = res.status === 200 ? (res.body as Document).paths : {};
    const missing = expected.filter(([path, method]) => !paths[path]?.[method]);
    if (!missing.length) return res.body as Document;
    if (Date.now() > deadline)
      throw new Error(
        `the merged document still lacks ${missing.map(([p, m]) => `${m.toUpperCase()} ${p}`).join(', ')}`,
      );
    await sleep(200);
  }
}
