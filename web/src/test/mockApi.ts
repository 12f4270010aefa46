/**
 * Stubs global fetch for component tests: routes are keyed 'METHOD /api/path' and answer with a
 * status and a JSON body (or a function of the request). Unknown routes answer 503 like a service
 * that is not online yet.
 */
export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}

export interface MockReply {
  status?: number;
  body?: unknown;
}

export type RouteHandler = MockReply | ((call: ApiCall) => MockReply | Promise<MockReply>);

export interface MockApi {
  calls: ApiCall[];
  callsTo(route: string): ApiCall[];
  /** Replace or add routes mid-test. */
  use(routes: Record<string, RouteHandler>): void;
}

/** GET /api/ as the gateway answers it, with every service deployed unless the test says otherwise. */
export function apiStatus(notDeployed: string[] = []): MockReply {
  const services = ['auth', 'crm', 'work', 'documents', 'integrations', 'settings', 'assistant', 'monitoring'];
  return {
    body: {
      status: 'ok',
      services: Object.fromEntries(services.map((s) => [s, notDeployed.includes(s) ? 'not deployed' : 'deployed'])),
    },
  };
}

const STARTUP_ROUTES: Record<string, RouteHandler> = {
  'GET /api/': apiStatus(),
  'POST /api/initialize-mock-data': { body: { message: 'ok' } },
  // The assistant can answer (the chat header's Online, the header's AI Active).
  'GET /api/chat/status': { body: { status: 'online', answering_with: 'parser', model: null } },
};

export function mockApi(routes: Record<string, RouteHandler> = {}): MockApi {
  const table: Record<string, RouteHandler> = { ...STARTUP_ROUTES, ...routes };
  const calls: ApiCall[] = [];

  const fetchStub = jest.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const call: ApiCall = {
      method: request.method,
      path: url.pathname + url.search,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      headers: request.headers,
    };
    calls.push(call);
    const handler = table[`${call.method} ${call.path}`];
    const reply: MockReply =
      handler === undefined
        ? { status: 503, body: { detail: 'This service is not available yet' } }
        : typeof handler === 'function'
          ? await handler(call)
          : handler;
    const status = reply.status ?? 200;
    const hasBody = status !== 204 && reply.body !== undefined;
    return new Response(hasBody ? JSON.stringify(reply.body) : null, {
      status,
      headers: hasBody ? { 'content-type': 'application/json' } : {},
    });
  });

  globalThis.fetch = fetchStub as typeof fetch;

  return {
    calls,
    callsTo: (route) => {
      const [method, path] = route.split(' ');
      return calls.filter((call) => call.method === method && call.path === path);
    },
    use: (more) => Object.assign(table, more),
  };
}

/** A reply the test releases when it wants (to observe busy states). */
export function deferredReply() {
  let release!: (reply: MockReply) => void;
  const promise = new Promise<MockReply>((resolve) => {
    release = resolve;
  });
  return { handler: () => promise, release };
}
