import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** A page of workflows or runs: `limit`/`offset`, or `after` (the previous page's X-Next-Cursor). */
export class PageParams {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) limit?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) offset?: number;
  @IsOptional() @IsString() @MaxLength(300) after?: string;
}
