/**
 * Tells the server that the session has ended (POST /api/auth/logout), so that its token stops
 * working everywhere at once, not when it expires. The client has already signed out whatever the
 * answer: offline, the token simply lapses at its expiry. A plain request rather than an RTK Query
 * call: signing out resets the API state, which aborts the calls it is running. `keepalive` lets it
 * finish if the tab closes meanwhile.
 */
export async function endServerSession(token: string): Promise<void> {
  try {
    const res = await fetch('/api/auth/logout', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      keepalive: true,
    });
    // 204, or 401 for a token the server no longer knows: the session is over either way.
    if (!res.ok && res.status !== 401) console.warn(`Signing out: the server answered ${res.status}`);
  } catch (error) {
    console.warn('Signing out: the server could not be told; the session lapses when its token expires', error);
  }
}
