import { decodeCursor, encodeCursor, InvalidCursorError, parseSort } from './paging';

describe('keyset cursors', () => {
  it('round-trips dates, numbers and strings with the id', () => {
    const id = '6b0276dee788f903bd3a5c53';
    const at = new Date('2026-11-23T10:00:00.000Z');
    expect(decodeCursor(encodeCursor(at, id))).toEqual({ value: at, id });
    expect(decodeCursor(encodeCursor(87, id))).toEqual({ value: 87, id });
    expect(decodeCursor(encodeCursor('Ann', id))).toEqual({ value: 'Ann', id });
  });

  it('refuses a cursor it did not give out', () => {
    expect(() => decodeCursor('not-a-cursor')).toThrow(InvalidCursorError);
    expect(() =>
      decodeCursor(Buffer.from('{"v":{"$gt":1},"i":"6b0276dee788f903bd3a5c53"}').toString('base64url')),
    ).toThrow(InvalidCursorError);
  });

  it('reads a sort parameter', () => {
    expect(parseSort('-score')).toEqual({ field: 'score', direction: -1 });
    expect(parseSort('name')).toEqual({ field: 'name', direction: 1 });
  });
});
