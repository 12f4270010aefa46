import { signingLinkToken, verifySigningLink } from './signing-links';

describe('signing links', () => {
  const claims = {
    documentId: '65f1c0ffee0000000000abcd',
    signer: 3,
    nonce: 'AAECAwQFBgcICQoL',
    expires: 2_000_000_000,
  };

  it('round-trips its claims and stays short enough for a path parameter', () => {
    const token = signingLinkToken(claims, 's3cret');
    expect(token.length).toBeLessThanOrEqual(63);
    expect(verifySigningLink(token, 's3cret', 0)).toEqual({ ok: true, claims });
  });

  it('refuses another secret, any changed character, and a link past its expiry', () => {
    const token = signingLinkToken(claims, 's3cret');
    expect(verifySigningLink(token, 'other', 0)).toEqual({ ok: false, reason: 'invalid' });
    for (let i = 0; i < token.length; i++) {
      if (token[i] === '.') continue;
      const c = token[i] === 'A' ? 'B' : 'A';
      const changed = token.slice(0, i) + c + token.slice(i + 1);
      expect(verifySigningLink(changed, 's3cret', 0).ok).toBe(false);
    }
    expect(verifySigningLink(token, 's3cret', claims.expires * 1000)).toEqual({ ok: false, reason: 'expired' });
    expect(verifySigningLink('nonsense', 's3cret', 0)).toEqual({ ok: false, reason: 'invalid' });
  });
});
