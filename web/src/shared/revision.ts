import { IF_MATCH_HEADER, type RecordTag } from '@sixa/contracts/browser';

/**
 * The hidden form field holding the revision tag of the record a form was made for: read once,
 * when that record's form is made, and sent back with the edit as `If-Match`. A form that somehow
 * held another record's values would carry that record's tag too, which the server refuses (409).
 */
export const ETAG_FIELD = 'etag';

/** An edit of one record: what changes, and the revision tag of the record as the editor read it. */
export interface RecordEdit<B> {
  id: string;
  body: B;
  /** None only where the same call also creates (a rate limit's PUT). */
  etag: RecordTag | undefined;
}

/** The request of an edit: the body, and `If-Match` with the revision the edit was made from. */
export function editRequest<B>(url: string, { body, etag }: Omit<RecordEdit<B>, 'id'>, method = 'PUT') {
  return { url, method, body, ...(etag ? { headers: { [IF_MATCH_HEADER]: etag } } : {}) };
}
