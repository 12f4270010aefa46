import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RECORD_TYPES, RecordStore, type RecordType } from './records';
import { errorBody, SandboxErrorCode as Err, statusOf } from './sandbox.errors';

export interface SandboxConfig {
  port: number;
  host: string;
  /** The OAuth client the product is registered as. */
  clientId: string;
  clientSecret: string;
  /** Redirect URIs the client registered (exact match); '*' accepts any http(s) URI (demos). */
  redirectUris: string[];
  /** API keys accepted (api_key platforms). */
  apiKeys: string[];
  accessTokenTtlSeconds: number;
  /** API requests per credential per minute before 429. */
  rateLimitPerMinute: number;
  /** Records made at start, per type. */
  seed: Partial<Record<RecordType, number>>;
  /** The /sandbox/control endpoints (tests, demos): faults on demand, reseeding, revoking. */
  control: boolean;
}

export function loadSandboxConfig(env: Record<string, string | undefined> = process.env): SandboxConfig {
  const num = (name: string, fallback: number) => (env[name] ? Number(env[name]) : fallback);
  return {
    port: num('PORT', 3010),
    host: env.HOST ?? '127.0.0.1',
    clientId: env.SANDBOX_CLIENT_ID ?? 'sixa-sandbox-client',
    clientSecret: env.SANDBOX_CLIENT_SECRET ?? 'sandbox-client-secret',
    redirectUris: (env.SANDBOX_REDIRECT_URIS ?? '*')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    apiKeys: (env.SANDBOX_API_KEYS ?? 'sbx_demo_key_0001')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    accessTokenTtlSeconds: num('SANDBOX_ACCESS_TOKEN_TTL_SECONDS', 3600),
    rateLimitPerMinute: num('SANDBOX_RATE_LIMIT_PER_MINUTE', 6000),
    seed: {
      contacts: num('SANDBOX_CONTACTS', 250),
      accounts: num('SANDBOX_ACCOUNTS', 40),
      opportunities: num('SANDBOX_OPPORTUNITIES', 30),
      tasks: num('SANDBOX_TASKS', 25),
      events: num('SANDBOX_EVENTS', 15),
    },
    control: (env.SANDBOX_CONTROL ?? 'true') === 'true',
  };
}

interface Code {
  redirectUri: string;
  challenge: string;
  scope: string;
  expires: number;
}
interface Token {
  kind: 'access' | 'refresh';
  expires: number;
  scope: string;
  /** The refresh token an access token came with (revoking one revokes the grant). */
  grant: string;
}

const CODE_TTL_MS = 60_000;
const REFRESH_TTL_MS = 30 * 86_400_000;
const SCOPES = 'contacts accounts opportunities tasks events';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const token = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

async function bodyOf(req: IncomingMessage): Promise<Record<string, string>> {
  let raw = '';
  for await (const chunk of req) {
    raw += String(chunk);
    if (raw.length > 64 * 1024) throw new Error('body too large');
  }
  if ((req.headers['content-type'] ?? '').includes('application/json')) return raw ? JSON.parse(raw) : {};
  return Object.fromEntries(new URLSearchParams(raw));
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

/** An error answer, its status given by its code (sandbox.errors.ts). */
function fail(res: ServerResponse, code: Err, description?: string, headers: Record<string, string> = {}) {
  send(res, statusOf(code), errorBody(code, description), headers);
}

/**
 * A provider to connect to without the internet: an OAuth 2.0 authorization server (authorization
 * code with PKCE S256 and state, a consent page, access and refresh tokens with expiry and rotation,
 * revocation: RFC 6749, 7636, 7009) and a REST API of CRM records with cursor paging, an
 * `updated_since` filter, a per-credential rate limit (429 with Retry-After) and faults on demand.
 * State is in memory: it stands for someone else's system, not for the product's.
 */
export class SandboxProvider {
  readonly records: RecordStore;
  private readonly codes = new Map<string, Code>();
  private readonly tokens = new Map<string, Token>();
  private readonly usage = new Map<string, { window: number; count: number }>();
  private faults: Array<{ status: number; retryAfter?: number }> = [];
  private server: Server | null = null;
  /** API requests answered (by status), for tests and the bench. */
  readonly served = new Map<number, number>();
  url = '';

  constructor(readonly config: SandboxConfig) {
    this.records = new RecordStore(config.seed);
  }

  /** Every token issued and still known, and the API keys (tests look for them where they must not be). */
  secrets(): string[] {
    return [...this.tokens.keys(), ...this.config.apiKeys];
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.route(req, res).catch((e) => fail(res, Err.ServerError, (e as Error).message));
    });
    await new Promise<void>((r) => this.server!.listen(this.config.port, this.config.host, r));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://${this.config.host}:${port}`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((r) => (this.server ? this.server.close(() => r()) : r()));
  }

  private async route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const path = url.pathname;
    if (req.method === 'GET' && (path === '/health' || path === '/ready')) return send(res, 200, { status: 'ok' });
    if (req.method === 'GET' && path === '/oauth/authorize') return this.authorize(url, res);
    if (req.method === 'POST' && path === '/oauth/decision') return this.decide(await bodyOf(req), res);
    if (req.method === 'POST' && path === '/oauth/token') return this.tokenEndpoint(req, await bodyOf(req), res);
    if (req.method === 'POST' && path === '/oauth/revoke') return this.revoke(req, await bodyOf(req), res);
    if (path.startsWith('/api/v1/') && req.method === 'GET') return this.api(req, url, res);
    if (path.startsWith('/sandbox/control/') && req.method === 'POST' && this.config.control)
      return this.controlEndpoint(path.slice('/sandbox/control/'.length), await bodyOf(req), res);
    fail(res, Err.NotFound);
  }

  // ---- OAuth 2.0 ----------------------------------------------------------------------------------

  private redirectAllowed(uri: string): boolean {
    let parsed: URL;
    try {
      parsed = new URL(uri);
    } catch {
      return false;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
    return this.config.redirectUris.includes('*') || this.config.redirectUris.includes(uri);
  }

  /** The consent page (errors before a redirect URI is trusted are shown, not redirected: RFC 6749 4.1.2.1). */
  private authorize(url: URL, res: ServerResponse) {
    const q = Object.fromEntries(url.searchParams);
    const page = (status: number, html: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox CRM</title>
<style>body{font-family:system-ui,sans-serif;max-width:34rem;margin:4rem auto;padding:0 1rem;color:#1f2937}
button{font-size:1rem;padding:.5rem 1.25rem;margin-right:.5rem;border-radius:6px;border:1px solid #9ca3af;cursor:pointer}
button.primary{background:#2563eb;color:#fff;border-color:#2563eb}</style></head><body>${html}</body></html>`);
    };
    if (q.client_id !== this.config.clientId)
      return page(400, '<h1>Unknown application</h1><p>client_id is not registered with the Sandbox CRM.</p>');
    if (!q.redirect_uri || !this.redirectAllowed(q.redirect_uri))
      return page(400, '<h1>Redirect not allowed</h1><p>redirect_uri is not registered for this application.</p>');
    const back = (params: Record<string, string>) => {
      const to = new URL(q.redirect_uri);
      for (const [k, v] of Object.entries(params)) to.searchParams.set(k, v);
      if (q.state) to.searchParams.set('state', q.state);
      res.writeHead(302, { location: to.toString() });
      res.end();
    };
    if (q.response_type !== 'code') return back({ error: 'unsupported_response_type' });
    if (!q.code_challenge || q.code_challenge_method !== 'S256')
      return back({ error: 'invalid_request', error_description: 'PKCE with S256 is required' });
    const hidden = ['redirect_uri', 'state', 'code_challenge', 'scope']
      .map((k) => `<input type="hidden" name="${k}" value="${esc(q[k] ?? '')}">`)
      .join('');
    page(
      200,
      `<h1>Sandbox CRM</h1><p><strong>SIXA Business Suite</strong> asks to read your Sandbox CRM data:</p>
<ul>${(q.scope || SCOPES)
        .split(/\s+/)
        .map((s) => `<li>${esc(s)}</li>`)
        .join('')}</ul>
<form method="post" action="/oauth/decision">${hidden}
<button class="primary" type="submit" name="decision" value="approve" autofocus>Approve</button>
<button type="submit" name="decision" value="deny">Deny</button></form>`,
    );
  }

  private decide(b: Record<string, string>, res: ServerResponse) {
    if (!b.redirect_uri || !this.redirectAllowed(b.redirect_uri)) return fail(res, Err.InvalidRequest);
    const to = new URL(b.redirect_uri);
    if (b.state) to.searchParams.set('state', b.state);
    if (b.decision !== 'approve') {
      to.searchParams.set('error', 'access_denied');
    } else {
      const code = token('code');
      this.codes.set(code, {
        redirectUri: b.redirect_uri,
        challenge: b.code_challenge,
        scope: b.scope || SCOPES,
        expires: Date.now() + CODE_TTL_MS,
      });
      to.searchParams.set('code', code);
    }
    res.writeHead(302, { location: to.toString() });
    res.end();
  }

  private clientOk(req: IncomingMessage, b: Record<string, string>): boolean {
    let id = b.client_id;
    let secret = b.client_secret;
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
    if (basic) {
      const [u, p] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
      id = decodeURIComponent(u ?? '');
      secret = decodeURIComponent(p ?? '');
    }
    return id === this.config.clientId && !!secret && same(secret, this.config.clientSecret);
  }

  private issue(scope: string, grant = token('rt')) {
    const access = token('at');
    const now = Date.now();
    this.tokens.set(access, { kind: 'access', expires: now + this.config.accessTokenTtlSeconds * 1000, scope, grant });
    this.tokens.set(grant, { kind: 'refresh', expires: now + REFRESH_TTL_MS, scope, grant });
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: this.config.accessTokenTtlSeconds,
      refresh_token: grant,
      scope,
    };
  }

  private tokenEndpoint(req: IncomingMessage, b: Record<string, string>, res: ServerResponse) {
    if (!this.clientOk(req, b)) return fail(res, Err.InvalidClient, undefined, { 'www-authenticate': 'Basic' });
    if (b.grant_type === 'authorization_code') {
      const code = this.codes.get(b.code ?? '');
      // A code is used once: a second use fails (and a real server would revoke what the first got).
      this.codes.delete(b.code ?? '');
      if (!code || code.expires < Date.now()) return fail(res, Err.InvalidGrant, 'unknown, used or expired code');
      if (code.redirectUri !== b.redirect_uri) return fail(res, Err.InvalidGrant, 'redirect_uri does not match');
      const challenge = createHash('sha256')
        .update(b.code_verifier ?? '')
        .digest('base64url');
      if (!b.code_verifier || !same(challenge, code.challenge))
        return fail(res, Err.InvalidGrant, 'code_verifier does not match the challenge');
      return send(res, 200, this.issue(code.scope));
    }
    if (b.grant_type === 'refresh_token') {
      const t = this.tokens.get(b.refresh_token ?? '');
      if (!t || t.kind !== 'refresh' || t.expires < Date.now())
        return fail(res, Err.InvalidGrant, 'unknown, revoked or expired refresh token');
      // Rotation: the old refresh token and its access tokens stop working.
      this.revokeGrant(t.grant);
      return send(res, 200, this.issue(t.scope));
    }
    fail(res, Err.UnsupportedGrantType);
  }

  private revokeGrant(grant: string) {
    for (const [k, t] of this.tokens) if (t.grant === grant) this.tokens.delete(k);
  }

  private revoke(req: IncomingMessage, b: Record<string, string>, res: ServerResponse) {
    if (!this.clientOk(req, b)) return fail(res, Err.InvalidClient);
    const t = this.tokens.get(b.token ?? '');
    if (t) this.revokeGrant(t.grant);
    // RFC 7009: 200 whether or not the token was known.
    send(res, 200, {});
  }

  // ---- the API ------------------------------------------------------------------------------------

  private credentialOf(req: IncomingMessage): string | null {
    const key = req.headers['x-api-key'];
    if (typeof key === 'string') return this.config.apiKeys.some((k) => same(k, key)) ? `key:${key.slice(-4)}` : null;
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '');
    if (!bearer) return null;
    const t = this.tokens.get(bearer[1]);
    return t && t.kind === 'access' && t.expires > Date.now() ? `grant:${t.grant}` : null;
  }

  private count(status: number) {
    this.served.set(status, (this.served.get(status) ?? 0) + 1);
  }

  private api(req: IncomingMessage, url: URL, res: ServerResponse) {
    const who = this.credentialOf(req);
    if (!who) {
      this.count(statusOf(Err.InvalidToken));
      return fail(res, Err.InvalidToken, 'missing, expired or revoked credentials', { 'www-authenticate': 'Bearer' });
    }
    const fault = this.faults.shift();
    if (fault) {
      this.count(fault.status);
      return send(
        res,
        fault.status,
        errorBody(fault.status === 429 ? Err.RateLimited : Err.ServerError),
        fault.retryAfter ? { 'retry-after': String(fault.retryAfter) } : {},
      );
    }
    const minute = Math.floor(Date.now() / 60_000);
    const use = this.usage.get(who);
    const current = use && use.window === minute ? use : { window: minute, count: 0 };
    current.count++;
    this.usage.set(who, current);
    if (current.count > this.config.rateLimitPerMinute) {
      this.count(statusOf(Err.RateLimited));
      return fail(res, Err.RateLimited, undefined, {
        'retry-after': String(60 - Math.floor((Date.now() / 1000) % 60)),
      });
    }
    const resource = url.pathname.slice('/api/v1/'.length);
    if (resource === 'me') {
      this.count(200);
      return send(res, 200, {
        account: 'Sandbox CRM demo account',
        credential: who.startsWith('key:') ? 'api_key' : 'oauth2',
      });
    }
    if (!(RECORD_TYPES as readonly string[]).includes(resource)) {
      this.count(statusOf(Err.NotFound));
      return fail(res, Err.NotFound);
    }
    const limit = Math.min(Math.max(Number(url.searchParams.get('limit') ?? 100) || 100, 1), 500);
    const page = this.records.page(resource as RecordType, {
      limit,
      cursor: url.searchParams.get('cursor') ?? undefined,
      updatedSince: url.searchParams.get('updated_since') ?? undefined,
    });
    this.count(200);
    send(res, 200, page);
  }

  // ---- control (tests, demos) ---------------------------------------------------------------------

  private controlEndpoint(what: string, b: Record<string, unknown>, res: ServerResponse) {
    switch (what) {
      case 'faults': {
        const n = Number(b.count ?? 1);
        for (let i = 0; i < n; i++)
          this.faults.push({
            status: Number(b.status ?? 500),
            retryAfter: b.retry_after ? Number(b.retry_after) : undefined,
          });
        return send(res, 200, { queued: this.faults.length });
      }
      case 'seed': {
        const type = String(b.type ?? 'contacts') as RecordType;
        if (!(RECORD_TYPES as readonly string[]).includes(type)) return fail(res, Err.UnknownRecordType);
        this.records.seed(type, Number(b.count ?? 0));
        return send(res, 200, { type, count: this.records.count(type) });
      }
      case 'touch': {
        const type = String(b.type ?? 'contacts') as RecordType;
        return send(res, 200, { changed: this.records.touch(type, Number(b.count ?? 1)) });
      }
      case 'revoke-all': {
        this.tokens.clear();
        return send(res, 200, { revoked: true });
      }
      case 'expire-access-tokens': {
        for (const t of this.tokens.values()) if (t.kind === 'access') t.expires = 0;
        return send(res, 200, { expired: true });
      }
      default:
        return fail(res, Err.NotFound);
    }
  }
}
