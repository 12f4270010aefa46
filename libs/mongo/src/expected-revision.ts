import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { DomainError } from '@sixa/observability';
import { readIfMatch } from './revision-tag';

/** The parts of a request the expected revision is read from. */
export interface RevisionRequest {
  headers: Record<string, string | string[] | undefined>;
  params?: Record<string, string | undefined>;
  body?: unknown;
}

/**
 * The identity a record's tag is made from (see revisionTag), as the request names the record: its
 * id in the path by default. Records without an id of their own in the path (a singleton, an entry
 * by key) name it here exactly as their `etag` was made.
 */
export type RecordIdentity = (req: RevisionRequest) => string | undefined;

export const pathId =
  (param = 'id'): RecordIdentity =>
  (req) =>
    req.params?.[param];

/**
 * The revision an edit of `what` (a lead, a task...) expects to change: the one its `If-Match` tag
 * names, else the body's `rev` (as before tags), else none (the edit applies to the current revision).
 * - a tag of another record: 409, and nothing is written (a form holding one record's data saved to another);
 * - a tag that is not one this API gave: 400;
 * - a tag and a body `rev` that disagree: 409 (the form's parts come from different reads).
 * A tag of this record at another revision passes: the edit then meets the usual stale 409 of its change.
 */
export function expectedRevision(req: RevisionRequest, what: string, identity: RecordIdentity): number | undefined {
  const bodyRev = (req.body as { rev?: unknown } | null | undefined)?.rev;
  const given = Number.isSafeInteger(bodyRev) && (bodyRev as number) >= 0 ? (bodyRev as number) : undefined;
  const header = req.headers['if-match'];
  if (header === undefined) return given;
  const id = identity(req);
  // No identity to check against (a body that does not name the record): its validation answers.
  if (id === undefined) return given;
  const tag = readIfMatch(header, id);
  switch (tag.kind) {
    case 'none':
      return given;
    case 'malformed':
      throw new DomainError(
        'invalid',
        'INVALID_IF_MATCH',
        `If-Match must be the etag of the ${what} exactly as the API gave it (one tag such as 4.0123456789abcdef)`,
      );
    case 'other_record':
      throw new DomainError(
        'conflict',
        'OTHER_RECORD',
        `This form holds another record's data (a different ${what}); close it, open the ${what} again and redo your change`,
      );
    case 'revision':
      if (given !== undefined && given !== tag.rev)
        throw new DomainError(
          'stale',
          'REVISION_MISMATCH',
          `This form's revision (${given}) is not the one its tag names (${tag.rev}); reload the ${what} and edit again`,
        );
      return tag.rev;
  }
}

const ExpectedRevisionParam = createParamDecorator(
  (data: { what: string; identity: RecordIdentity }, ctx: ExecutionContext): number | undefined =>
    expectedRevision(ctx.switchToHttp().getRequest<RevisionRequest>(), data.what, data.identity),
);

/**
 * A handler parameter: the revision the edit of `what` expects (see expectedRevision), from its
 * `If-Match` header or its body's `rev`. Every edit route of a record people edit takes it:
 * `update(@Param('id') id, @Body() dto, @ExpectedRev('lead') rev?: number)`.
 */
export const ExpectedRev = (what: string, identity: RecordIdentity = pathId()): ParameterDecorator =>
  ExpectedRevisionParam({ what, identity });
