import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { DOCUMENT_TYPES, type DocumentType } from '@sixa/contracts';

/** GET /document-templates parameters. None at all: every template the caller may read, newest first. */
export class ListTemplatesQuery {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) limit?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) offset?: number;
  /** The X-Next-Cursor of the previous page. */
  @IsOptional() @IsString() @MaxLength(300) after?: string;
  /** The category chip. */
  @IsOptional() @IsString() @MaxLength(40) category_id?: string;
  @IsOptional()
  @IsIn(DOCUMENT_TYPES, { message: `type must be one of: ${DOCUMENT_TYPES.join(', ')}` })
  type?: DocumentType;
  /** Text in the title, description or tags. */
  @IsOptional() @IsString() @MaxLength(200) q?: string;
}
