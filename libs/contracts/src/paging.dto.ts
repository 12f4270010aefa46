import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

export const PAGE_LIMIT_MAX = 200;
/** Past this, `after` (the keyset cursor) pages further, and without the cost of skipping rows. */
export const PAGE_OFFSET_MAX = 100_000;

/**
 * A page of a list: `limit` and `offset`, or `after` (the previous page's `next_cursor`, also sent
 * as X-Next-Cursor). Each list's query extends it with its own filters and sorts.
 */
export class PageQuery {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(PAGE_LIMIT_MAX) limit?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(PAGE_OFFSET_MAX) offset?: number;
  @IsOptional()
  @IsString()
  @MaxLength(300)
  @Matches(/^[A-Za-z0-9_-]+$/, {
    message: 'after is not a cursor this list gave out: pass the next_cursor of the previous page',
  })
  after?: string;
}
