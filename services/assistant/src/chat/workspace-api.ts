/** Why a call of the workspace's API did not give an answer to use. */
export class ApiCallError extends Error {
  constructor(
    /** The HTTP status, or 0 when the API did not answer (timeout, connection refused). */
    readonly status: number,
    /** The API's `detail`, or what went wrong reaching it. */
    readonly detail: string,
    readonly path: string,
  ) {
    super(`${path}: ${status} ${detail}`);
    this.name = 'ApiCallError';
  }

  get forbidden(): boolean {
    return this.status === 403;
  }
}

export interface ApiAnswer<T> {
  body: T;
  headers: Headers;
}

/**
 * The workspace's API (through the gateway) as the signed-in user: every call carries the user's own
 * bearer token, so the API applies their role and never more.
 */
export class WorkspaceApi {
  constructor(
    private readonly baseUrl: string,
    private readonly authorization: string,
    private readonly timeoutMs: number,
  ) {}

  get<T>(path: string, query: Record<string, string | number | undefined> = {}): Promise<ApiAnswer<T>> {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
    const qs = params.toString();
    return this.call<T>('GET', qs ? `${path}?${qs}` : path);
  }

  send<T>(method: 'POST' | 'PUT', path: string, body: unknown): Promise<ApiAnswer<T>> {
    return this.call<T>(method, path, body);
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { authorization: this.authorization, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      const timedOut = (e as Error)?.name === 'TimeoutError';
      throw new ApiCallError(
        0,
        timedOut ? 'the workspace did not answer in time' : 'the workspace is unreachable',
        path,
      );
    }
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (!res.ok) {
      const detail = (parsed as { detail?: unknown } | null)?.detail;
      throw new ApiCallError(res.status, typeof detail === 'string' ? detail : `HTTP ${res.status}`, path);
    }
    return { body: parsed as T, headers: res.headers };
  }
}

/** The sentence the assistant says when a call failed: never a stack, always what the user can do. */
export function explainApiError(e: unknown, doing: string): string {
  if (!(e instanceof ApiCallError))
    return `I couldn't ${doing} because something went wrong on my side. Please try again.`;
  switch (true) {
    case e.status === 403:
      return `You're not allowed to ${doing}: your role doesn't have access to that. An admin can do it for you.`;
    case e.status === 401:
      return `I couldn't ${doing}: your session has expired. Please sign in again.`;
    case e.status === 404:
      return `I couldn't ${doing}: ${withoutFinalDot(e.detail)}.`;
    case e.status === 400 || e.status === 409 || e.status === 422:
      return `I couldn't ${doing}: ${withoutFinalDot(e.detail)}.`;
    case e.status === 503 && /not available/i.test(e.detail):
      return `I couldn't ${doing}: that part of the workspace isn't available right now.`;
    case e.status === 503 || e.status === 429:
      return `I couldn't ${doing} right now: ${withoutFinalDot(e.detail)}.`;
    case e.status === 0:
      return `I couldn't ${doing}: ${withoutFinalDot(e.detail)}. Please try again in a moment.`;
    default:
      return `I couldn't ${doing}: the workspace answered with an error (${e.status}). Please try again.`;
  }
}

const withoutFinalDot = (text: string) => text.trim().replace(/[.!]+$/, '');
