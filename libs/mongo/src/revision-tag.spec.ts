import { DomainError } from '@sixa/observability';
import { Types } from 'mongoose';
import { expectedRevision, pathId, type RevisionRequest } from './expected-revision';
import { toApi } from './mapping';
import { etagHeader, readIfMatch, revisionTag } from './revision-tag';

const A = '6b0276dee788f903bd3a5c53';
const B = '6b0276dee788f903bd3a5c54';

describe(revisionTag.name, () => {
  it('is the revision and a hash of the record id and revision', () => {
    expect(revisionTag(A, 3)).toMatch(/^3\.[0-9a-f]{16}$/);
  });

  it('differs between two records at the same revision, and between two revisions of one record', () => {
    expect(revisionTag(A, 3)).not.toBe(revisionTag(B, 3));
    expect(revisionTag(A, 3)).not.toBe(revisionTag(A, 4));
    expect(revisionTag(A, 3)).toBe(revisionTag(A, 3));
  });
});

describe(readIfMatch.name, () => {
  it('reads a tag of the record as its revision, as the etag field or the ETag header gave it', () => {
    const tag = revisionTag(A, 7);
    expect(readIfMatch(tag, A)).toEqual({ kind: 'revision', rev: 7 });
    expect(readIfMatch(etagHeader(tag), A)).toEqual({ kind: 'revision', rev: 7 });
    expect(readIfMatch(`W/${etagHeader(tag)}`, A)).toEqual({ kind: 'revision', rev: 7 });
    expect(readIfMatch([tag], A)).toEqual({ kind: 'revision', rev: 7 });
  });

  it("recognises another record's tag, even at the same revision", () => {
    expect(readIfMatch(revisionTag(B, 7), A)).toEqual({ kind: 'other_record' });
  });

  it('treats no header and * as no revision', () => {
    expect(readIfMatch(undefined, A)).toEqual({ kind: 'none' });
    expect(readIfMatch('*', A)).toEqual({ kind: 'none' });
  });

  it('refuses what is not one tag this API gave', () => {
    for (const bad of [
      '',
      '7',
      'abc',
      '7.xyz',
      '-1.0123456789abcdef',
      '07.0123456789abcdef',
      `${revisionTag(A, 1)}, ${revisionTag(A, 2)}`,
    ])
      expect(readIfMatch(bad, A)).toEqual({ kind: 'malformed' });
    expect(readIfMatch([revisionTag(A, 1), revisionTag(A, 2)], A)).toEqual({ kind: 'malformed' });
  });
});

describe(expectedRevision.name, () => {
  const request = (ifMatch?: string, body?: unknown, id = A): RevisionRequest => ({
    headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
    params: { id },
    body,
  });
  const refusal = (req: RevisionRequest) => {
    try {
      expectedRevision(req, 'lead', pathId());
    } catch (e) {
      return e as DomainError;
    }
    throw new Error('expected a refusal');
  };

  it("is the revision of the record's tag", () => {
    expect(expectedRevision(request(revisionTag(A, 4)), 'lead', pathId())).toBe(4);
  });

  it("is the body's rev without If-Match, and nothing without either (as before tags)", () => {
    expect(expectedRevision(request(undefined, { rev: 2 }), 'lead', pathId())).toBe(2);
    expect(expectedRevision(request(undefined, { name: 'x' }), 'lead', pathId())).toBeUndefined();
    expect(expectedRevision(request(undefined, undefined), 'lead', pathId())).toBeUndefined();
  });

  it("refuses another record's tag with a conflict that says what happened", () => {
    const e = refusal(request(revisionTag(B, 4)));
    expect(e).toBeInstanceOf(DomainError);
    expect(e.kind).toBe('conflict');
    expect(e.detail).toBe(
      "This form holds another record's data (a different lead); close it, open the lead again and redo your change",
    );
  });

  it('refuses a malformed tag as invalid', () => {
    const e = refusal(request('not-a-tag'));
    expect(e.kind).toBe('invalid');
    expect(e.detail).toMatch(/^If-Match must be the etag of the lead/);
  });

  it('refuses a tag and a body rev that disagree as stale, and takes them when they agree', () => {
    expect(refusal(request(revisionTag(A, 4), { rev: 3 })).kind).toBe('stale');
    expect(expectedRevision(request(revisionTag(A, 4), { rev: 4 }), 'lead', pathId())).toBe(4);
  });

  it('binds the tag to the identity the route names', () => {
    const byKey = (req: RevisionRequest) => `rate_limit:${req.params?.resource}`;
    const req = { headers: { 'if-match': revisionTag('rate_limit:leads', 1) }, params: { resource: 'leads' } };
    expect(expectedRevision(req, 'rate limit', byKey)).toBe(1);
    expect(() => expectedRevision({ ...req, params: { resource: 'tasks' } }, 'rate limit', byKey)).toThrow(
      /another record's data \(a different rate limit\)/,
    );
  });
});

describe('toApi etag', () => {
  it('gives a document with a revision its tag, also when the API leaves rev out', () => {
    const _id = new Types.ObjectId();
    const tag = revisionTag(_id.toHexString(), 5);
    expect(toApi<{ etag: string; rev: number }>({ _id, rev: 5 })).toEqual({ id: _id.toHexString(), rev: 5, etag: tag });
    expect(toApi<{ etag: string }>({ _id, rev: 5 }, ['rev'])).toEqual({ id: _id.toHexString(), etag: tag });
    expect(toApi<{ etag?: string }>({ _id })?.etag).toBeUndefined();
  });
});
