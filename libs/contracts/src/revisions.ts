/**
 * A record's revision tag: opaque, bound to one record and one revision of it. Every record people
 * edit carries it as `etag` (and its GET and PUT answers as the `ETag` header). An edit sends it back
 * as the `If-Match` header: a tag of another record is refused (409: the form holds another record's
 * data), one of an older revision too (409: changed by someone else since), and nothing is written.
 */
export type RecordTag = string;

/** The request header an edit carries its record's tag in. */
export const IF_MATCH_HEADER = 'If-Match';
