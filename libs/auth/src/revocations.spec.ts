import type { EventEnvelope } from '@sixa/contracts';
import { RevocationList } from './revocations';
import type { AuthUser } from './tokens';

const event = (type: string, subject: string, time: string) => ({ type, subject, time }) as unknown as EventEnvelope;

describe(RevocationList.name, () => {
  it('refuses tokens issued up to the deactivation and accepts later ones', () => {
    const list = new RevocationList();
    list.apply(event('user.deactivated', 'u1', '2026-01-01T00:00:10.500Z'));
    const sec = (iso: string) => Date.parse(iso) / 1000;
    expect(list.isRevoked('u1', sec('2026-01-01T00:00:05Z'))).toBe(true);
    expect(list.isRevoked('u1', sec('2026-01-01T00:00:10Z'))).toBe(true);
    expect(list.isRevoked('u1', sec('2026-01-01T00:00:11Z'))).toBe(false);
    expect(list.isRevoked('u2', sec('2026-01-01T00:00:05Z'))).toBe(false);
  });

  it('is idempotent and never moves a revocation back in time', () => {
    const list = new RevocationList();
    list.apply(event('user.deleted', 'u1', '2026-01-01T00:00:10Z'));
    list.apply(event('user.deactivated', 'u1', '2026-01-01T00:00:05Z'));
    list.apply(event('user.deleted', 'u1', '2026-01-01T00:00:10Z'));
    expect(list.isRevoked('u1', Date.parse('2026-01-01T00:00:08Z') / 1000)).toBe(true);
  });

  it('ignores events that do not revoke', () => {
    const list = new RevocationList();
    list.apply(event('user.updated', 'u1', '2026-01-01T00:00:10Z'));
    expect(list.isRevoked('u1', 0)).toBe(false);
  });

  describe('a role change', () => {
    const sec = (iso: string) => Date.parse(iso) / 1000;
    const token = (role: AuthUser['role'], iat: string): AuthUser => ({
      id: 'u1',
      role,
      name: 'Ada',
      email: 'ada@example.com',
      iat: sec(iat),
    });
    const roleChange = (from: string, to: string, time: string, changed = ['role']) =>
      ({
        type: 'user.updated',
        subject: 'u1',
        time,
        data: { changed_fields: changed, before: { role: from }, after: { role: to } },
      }) as unknown as EventEnvelope;

    it("counts instead of an earlier token's role, and leaves later tokens and other users alone", () => {
      const list = new RevocationList();
      list.apply(roleChange('admin', 'viewer', '2026-01-01T00:00:10.500Z'));
      expect(list.withCurrentRole(token('admin', '2026-01-01T00:00:05Z')).role).toBe('viewer');
      expect(list.withCurrentRole(token('admin', '2026-01-01T00:00:10Z')).role).toBe('viewer');
      expect(list.withCurrentRole(token('viewer', '2026-01-01T00:00:11Z')).role).toBe('viewer');
      // A sign-in that read the role before the change and stamped its token after it.
      expect(list.withCurrentRole(token('admin', '2026-01-01T00:00:12Z')).role).toBe('viewer');
      expect(list.withCurrentRole({ ...token('admin', '2026-01-01T00:00:05Z'), id: 'u2' }).role).toBe('admin');
      // Well after the change, a token carries the role read after it (a later change not read yet).
      expect(list.withCurrentRole(token('manager', '2026-01-01T00:01:11Z')).role).toBe('manager');
      expect(list.isRevoked('u1', sec('2026-01-01T00:00:05Z'))).toBe(false);
    });

    it('keeps the latest change, whatever order the events are replayed in', () => {
      const list = new RevocationList();
      list.apply(roleChange('viewer', 'manager', '2026-01-01T00:00:20Z'));
      list.apply(roleChange('admin', 'viewer', '2026-01-01T00:00:10Z'));
      list.apply(roleChange('viewer', 'manager', '2026-01-01T00:00:20Z'));
      expect(list.withCurrentRole(token('admin', '2026-01-01T00:00:05Z')).role).toBe('manager');
    });

    it('ignores updates that leave the role, and roles it does not know', () => {
      const list = new RevocationList();
      list.apply(roleChange('admin', 'admin', '2026-01-01T00:00:10Z', ['name']));
      list.apply(roleChange('admin', 'superuser', '2026-01-01T00:00:11Z'));
      expect(list.withCurrentRole(token('admin', '2026-01-01T00:00:05Z')).role).toBe('admin');
    });
  });

  describe('an ended session', () => {
    const T0 = Date.parse('2026-01-01T00:00:00Z');
    const ended = (sid: string, expiresAt: number, user = 'u1') =>
      ({
        type: 'session.revoked',
        subject: sid,
        time: new Date(T0).toISOString(),
        data: { session_id: sid, user_id: user, expires_at: new Date(expiresAt).toISOString(), reason: 'logout' },
      }) as unknown as EventEnvelope;

    it("refuses that session's tokens and no other session's, the same user's included", () => {
      const list = new RevocationList();
      list.now = () => T0;
      list.apply(ended('s1', T0 + 3_600_000));
      expect(list.isSessionEnded('s1')).toBe(true);
      expect(list.isSessionEnded('s2')).toBe(false);
      expect(list.isSessionEnded(undefined)).toBe(false);
      // Not a revocation of the user: their other sessions go on.
      expect(list.isRevoked('u1', T0 / 1000 - 10)).toBe(false);
    });

    it('is idempotent: the same event twice is one ended session', () => {
      const list = new RevocationList();
      list.now = () => T0;
      list.apply(ended('s1', T0 + 3_600_000));
      list.apply(ended('s1', T0 + 3_600_000));
      expect(list.size).toBe(1);
    });

    it('is remembered for as long as its token lives, then forgotten (bounded memory)', () => {
      const list = new RevocationList();
      let now = T0;
      list.now = () => now;
      // A session lifetime of 24 h set in Settings: the revocation outlives a default hour.
      list.apply(ended('long', T0 + 24 * 3_600_000));
      list.apply(ended('short', T0 + 3_600_000));
      now = T0 + 2 * 3_600_000;
      expect(list.size).toBe(1);
      expect(list.isSessionEnded('long')).toBe(true);
      expect(list.isSessionEnded('short')).toBe(false);
      now = T0 + 25 * 3_600_000;
      expect(list.size).toBe(0);
    });

    it('is not kept at all when its token has expired already (a replay of the feed from its start)', () => {
      const list = new RevocationList();
      list.now = () => T0 + 48 * 3_600_000;
      for (let i = 0; i < 1000; i++) list.apply(ended(`s${i}`, T0 + 3_600_000));
      expect(list.size).toBe(0);
    });

    it('is kept no longer than the longest token lifetime, whatever expiry an event claims', () => {
      const list = new RevocationList();
      let now = T0;
      list.now = () => now;
      list.apply(ended('s1', T0 + 365 * 24 * 3_600_000));
      now = T0 + 25 * 3_600_000;
      expect(list.size).toBe(0);
    });
  });

  it('refuses every token of a user issued up to a password reset, and accepts the ones after it', () => {
    const list = new RevocationList();
    const reset = { type: 'user.sessions_revoked', subject: 'u1', time: '2026-01-01T00:00:10.500Z' };
    list.apply({ ...reset, data: { user_id: 'u1', reason: 'password_reset' } } as unknown as EventEnvelope);
    const sec = (iso: string) => Date.parse(iso) / 1000;
    expect(list.isRevoked('u1', sec('2026-01-01T00:00:09Z'))).toBe(true);
    expect(list.isRevoked('u1', sec('2026-01-01T00:00:11Z'))).toBe(false);
    expect(list.isRevoked('u2', sec('2026-01-01T00:00:09Z'))).toBe(false);
  });
});
