import type { EventEnvelope } from '@sixa/contracts';
import { RevocationList } from './revocations';

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
});
