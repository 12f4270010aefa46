import { createHash, randomBytes } from 'node:crypto';
import { loadSandboxConfig, SandboxProvider } from '../src/server';

/** The sandbox behaves like a provider: the OAuth code flow with PKCE, paging, limits and faults. */
describe('sandbox provider', () => {
  let sandbox: SandboxProvider;
  const redirect = 'http://127.0.0.1:9/callback';

  beforeAll(async () => {
    sandbox = await new SandboxProvider({
      ...loadSandboxConfig({}),
      port: 0,
      redirectUris: [redirect],
      seed: { contacts: 1234 },
      rateLimitPerMinute: 1000,
    }).start();
  });
  afterAll(() => sandbox.stop());

  const form = (body: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
  const client = { client_id: 'sixa-sandbox-client', client_secret: 'sandbox-client-secret' };

  async function authorize(verifier: string, state = 'st-1') {
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: redirect,
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const consent = await fetch(`${sandbox.url}/oauth/authorize?${q}`);
    expect(consent.status).toBe(200);
    expect(await consent.text()).toContain('Approve');
    const decided = await fetch(`${sandbox.url}/oauth/decision`, {
      ...form({ redirect_uri: redirect, state, code_challenge: challenge, scope: '', decision: 'approve' }),
      redirect: 'manual',
    });
    expect(decided.status).toBe(302);
    const back = new URL(decided.headers.get('location')!);
    expect(back.searchParams.get('state')).toBe(state);
    return back.searchParams.get('code')!;
  }

  it('runs the authorization-code flow with PKCE, once per code, and rotates refresh tokens', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const code = await authorize(verifier);
    const wrong = await fetch(
      `${sandbox.url}/oauth/token`,
      form({ ...client, grant_type: 'authorization_code', code, redirect_uri: redirect, code_verifier: 'nope' }),
    );
    expect(wrong.status).toBe(400);
    const code2 = await authorize(verifier);
    const ok = await fetch(
      `${sandbox.url}/oauth/token`,
      form({
        ...client,
        grant_type: 'authorization_code',
        code: code2,
        redirect_uri: redirect,
        code_verifier: verifier,
      }),
    );
    expect(ok.status).toBe(200);
    const tokens = (await ok.json()) as { access_token: string; refresh_token: string; expires_in: number };
    expect(tokens.expires_in).toBeGreaterThan(0);
    const again = await fetch(
      `${sandbox.url}/oauth/token`,
      form({
        ...client,
        grant_type: 'authorization_code',
        code: code2,
        redirect_uri: redirect,
        code_verifier: verifier,
      }),
    );
    expect(again.status).toBe(400);
    const me = await fetch(`${sandbox.url}/api/v1/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(me.status).toBe(200);
    const refreshed = await fetch(
      `${sandbox.url}/oauth/token`,
      form({ ...client, grant_type: 'refresh_token', refresh_token: tokens.refresh_token }),
    );
    expect(refreshed.status).toBe(200);
    expect(
      (await fetch(`${sandbox.url}/api/v1/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status,
    ).toBe(401);
    const reused = await fetch(
      `${sandbox.url}/oauth/token`,
      form({ ...client, grant_type: 'refresh_token', refresh_token: tokens.refresh_token }),
    );
    expect(reused.status).toBe(400);
  });

  it('refuses an unregistered redirect URI on its page, and a missing PKCE challenge', async () => {
    const bad = await fetch(
      `${sandbox.url}/oauth/authorize?response_type=code&client_id=sixa-sandbox-client&redirect_uri=${encodeURIComponent('http://evil.example/cb')}`,
    );
    expect(bad.status).toBe(400);
    const noPkce = await fetch(
      `${sandbox.url}/oauth/authorize?response_type=code&client_id=sixa-sandbox-client&redirect_uri=${encodeURIComponent(redirect)}&state=s`,
      { redirect: 'manual' },
    );
    expect(new URL(noPkce.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
  });

  it('pages every record once with a cursor, filters by updated_since, and answers faults on demand', async () => {
    const headers = { 'x-api-key': 'sbx_demo_key_0001' };
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const res = await fetch(`${sandbox.url}/api/v1/contacts?limit=500${cursor ? `&cursor=${cursor}` : ''}`, {
        headers,
      });
      const page = (await res.json()) as { data: Array<{ id: string }>; next_cursor: string | null };
      for (const r of page.data) seen.add(r.id);
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen.size).toBe(1234);
    const since = new Date().toISOString();
    await fetch(`${sandbox.url}/sandbox/control/touch`, { ...form({ type: 'contacts', count: '3' }) });
    const changed = (await (
      await fetch(`${sandbox.url}/api/v1/contacts?updated_since=${since}`, { headers })
    ).json()) as { data: unknown[] };
    expect(changed.data).toHaveLength(3);
    await fetch(`${sandbox.url}/sandbox/control/faults`, form({ status: '429', count: '1', retry_after: '2' }));
    const limited = await fetch(`${sandbox.url}/api/v1/contacts`, { headers });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect((await fetch(`${sandbox.url}/api/v1/contacts`, { headers: { 'x-api-key': 'wrong' } })).status).toBe(401);
  });
});
