import { randomBytes } from 'node:crypto';
import { parseKeyring, SecretBox } from './secret-box';

describe('SecretBox', () => {
  const k1 = randomBytes(32).toString('base64');
  const k2 = randomBytes(32).toString('base64');

  it('seals with the current key and opens with any key of the ring (rotation)', () => {
    const old = new SecretBox(parseKeyring(`k1:${k1}`));
    const sealed = old.seal('refresh-token-123', 'conn-1:refresh');
    expect(sealed.kid).toBe('k1');
    expect(JSON.stringify(sealed)).not.toContain('refresh-token-123');
    const rotated = new SecretBox(parseKeyring(`k2:${k2},k1:${k1}`));
    expect(rotated.open(sealed, 'conn-1:refresh')).toBe('refresh-token-123');
    expect(rotated.seal('x', 'p').kid).toBe('k2');
  });

  it('refuses another purpose, a changed ciphertext, an unknown key and bad key specs', () => {
    const box = new SecretBox(parseKeyring(`k1:${k1}`));
    const sealed = box.seal('secret', 'conn-1:access');
    expect(() => box.open(sealed, 'conn-2:access')).toThrow();
    expect(() => box.open({ ...sealed, data: Buffer.from('tampered').toString('base64') }, 'conn-1:access')).toThrow();
    expect(() => new SecretBox(parseKeyring(`k2:${k2}`)).open(sealed, 'conn-1:access')).toThrow(/not in the keyring/);
    expect(() => parseKeyring('k1:short')).toThrow(/32 bytes/);
    expect(() => parseKeyring('')).toThrow(/at least one key/);
  });
});
