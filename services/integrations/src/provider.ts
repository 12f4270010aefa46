import type { SyncDataType } from '@sixa/contracts';

/** What the service needs of a platform to talk to its provider (the stored platform, secrets opened). */
export interface ProviderEndpoints {
  api_base_url: string;
  authorize_url: string | null;
  token_url: string | null;
  revoke_url: string | null;
  client_id: string | null;
  client_secret: string | null;
  scopes: string;
}

export interface TokenSet {
  access_token: string;
  refresh_token: string | null;
  expires_at: Date | null;
}

/** The provider refused (a bad code, a revoked refresh token, a wrong key): retrying will not help. */
export class ProviderRefused extends Error {}
/** The provider asks to wait (429). */
export class ProviderRateLimited extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`the provider asked to wait ${Math.ceil(retryAfterMs / 1000)} s`);
  }
}
/** The provider failed or could not be reached (5xx, network, time-out): worth retrying later. */
export class ProviderUnavailable extends Error {}
/** The access token is no longer accepted (401): refresh and try again. */
export class ProviderUnauthorized extends Error {}

export type Credential = { kind: 'bearer'; token: string } | { kind: 'api_key'; key: string };

/** Retry-After in seconds or an HTTP date, as milliseconds (default 1 s). */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (!header) return 1000;
  const secs = Number(header);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - now) : 1000;
}

/** OAuth 2.0 and REST calls to a platform's provider; no secret ever goes into an error message. */
export class ProviderClient {
  constructor(private readonly timeoutMs: number) {}

  private async call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (e) {
      const name = (e as Error).name;
      throw new ProviderUnavailable(
        name === 'TimeoutError'
          ? `no answer from ${new URL(url).host} in time`
          : `${new URL(url).host} could not be reached`,
      );
    }
  }

  private async tokenRequest(p: ProviderEndpoints, body: Record<string, string>): Promise<TokenSet> {
    if (!p.token_url || !p.client_id || !p.client_secret)
      throw new ProviderRefused('the platform has no OAuth client configured');
    const res = await this.call(p.token_url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(p.client_id)}:${encodeURIComponent(p.client_secret)}`).toString('base64')}`,
      },
      body: new URLSearchParams(body).toString(),
    });
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (res.status >= 500) throw new ProviderUnavailable(`the provider's token endpoint answered ${res.status}`);
    if (!res.ok || typeof json.access_token !== 'string') {
      const why = typeof json.error === 'string' ? json.error : `status ${res.status}`;
      const detail = typeof json.error_description === 'string' ? `: ${json.error_description}` : '';
      throw new ProviderRefused(`the provider refused (${why}${detail})`);
    }
    const expiresIn = Number(json.expires_in);
    return {
      access_token: json.access_token,
      refresh_token: typeof json.refresh_token === 'string' ? json.refresh_token : null,
      expires_at: Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000) : null,
    };
  }

  exchangeCode(p: ProviderEndpoints, code: string, redirectUri: string, verifier: string): Promise<TokenSet> {
    return this.tokenRequest(p, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
  }

  refresh(p: ProviderEndpoints, refreshToken: string): Promise<TokenSet> {
    return this.tokenRequest(p, { grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  /** RFC 7009; a provider without revocation, or one that fails, leaves the token to expire. */
  async revoke(p: ProviderEndpoints, token: string): Promise<boolean> {
    if (!p.revoke_url || !p.client_id || !p.client_secret) return false;
    const res = await this.call(p.revoke_url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(p.client_id)}:${encodeURIComponent(p.client_secret)}`).toString('base64')}`,
      },
      body: new URLSearchParams({ token }).toString(),
    }).catch(() => null);
    return !!res?.ok;
  }

  private headers(c: Credential): Record<string, string> {
    return c.kind === 'bearer'
      ? { authorization: `Bearer ${c.token}`, accept: 'application/json' }
      : { 'x-api-key': c.key, accept: 'application/json' };
  }

  private async get(url: string, c: Credential): Promise<unknown> {
    const res = await this.call(url, { headers: this.headers(c) });
    if (res.status === 429) throw new ProviderRateLimited(retryAfterMs(res.headers.get('retry-after')));
    if (res.status === 401 || res.status === 403) throw new ProviderUnauthorized(`the provider answered ${res.status}`);
    if (!res.ok) throw new ProviderUnavailable(`the provider answered ${res.status}`);
    return res.json();
  }

  /** Whether the provider accepts the credential (the API-key check before a connection is saved). */
  async whoAmI(p: ProviderEndpoints, c: Credential): Promise<void> {
    try {
      await this.get(`${p.api_base_url.replace(/\/$/, '')}/me`, c);
    } catch (e) {
      if (e instanceof ProviderUnauthorized) throw new ProviderRefused('the provider does not accept this API key');
      throw e;
    }
  }

  async page(
    p: ProviderEndpoints,
    c: Credential,
    type: SyncDataType,
    opts: { cursor: string | null; updatedSince: string | null; limit: number },
  ): Promise<{ data: Array<Record<string, unknown>>; next_cursor: string | null }> {
    const q = new URLSearchParams({ limit: String(opts.limit) });
    if (opts.cursor) q.set('cursor', opts.cursor);
    if (opts.updatedSince) q.set('updated_since', opts.updatedSince);
    const body = (await this.get(`${p.api_base_url.replace(/\/$/, '')}/${type}?${q}`, c)) as {
      data?: unknown;
      next_cursor?: unknown;
    };
    if (!Array.isArray(body?.data)) throw new ProviderUnavailable('the provider answered a page without data');
    return {
      data: body.data as Array<Record<string, unknown>>,
      next_cursor: typeof body.next_cursor === 'string' ? body.next_cursor : null,
    };
  }
}
