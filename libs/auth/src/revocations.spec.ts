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
});
