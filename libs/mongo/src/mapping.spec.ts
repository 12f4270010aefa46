import { Types } from 'mongoose';
import { escapeRegex, isObjectId, textMatch, toApi } from './mapping';

describe(toApi.name, () => {
  it('gives a string id, ISO dates, and drops _id, __v, the outbox and omitted fields', () => {
    const _id = new Types.ObjectId();
    const at = new Date('2026-01-02T03:04:05.000Z');
    const out = toApi(
      {
        _id,
        __v: 3,
        outbox: [{ id: 'e' }],
        deleted_at: null,
        name: 'A',
        secret: 'x',
        when: at,
        nested: { _id: 'n', ok: true },
      },
      ['secret'],
    );
    expect(out).toEqual({ id: _id.toHexString(), name: 'A', when: '2026-01-02T03:04:05.000Z', nested: { ok: true } });
  });

  it('passes null through', () => {
    expect(toApi(null)).toBeNull();
  });
});

describe('helpers', () => {
  it('recognises object ids', () => {
    expect(isObjectId('6b0276dee788f903bd3a5c53')).toBe(true);
    expect(isObjectId('not-an-id')).toBe(false);
    expect(isObjectId({ $ne: null } as unknown as string)).toBe(false);
  });

  it('escapes regex metacharacters', () => {
    expect(new RegExp(escapeRegex('a.b*(c)')).test('a.b*(c)')).toBe(true);
    expect(new RegExp(escapeRegex('a.b')).test('axb')).toBe(false);
  });
});

describe(textMatch.name, () => {
  it('matches the words typed, as typed, in any of the fields, case aside', () => {
    const filter = textMatch('  a.b ', ['title', 'tags']);
    expect(filter).toEqual({
      $or: [{ title: { $regex: 'a\\.b', $options: 'i' } }, { tags: { $regex: 'a\\.b', $options: 'i' } }],
    });
  });

  it('is null when nothing was typed', () => {
    expect(textMatch(undefined, ['title'])).toBeNull();
    expect(textMatch('   ', ['title'])).toBeNull();
  });
});
