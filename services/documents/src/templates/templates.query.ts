import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { DOCUMENT_TYPES, type DocumentType, PageQuery } from '@sixa/contracts';

/** GET /document-templates parameters. None at all: every template the caller may read, newest first. */
export class ListTemplatesQuery extends PageQuery {
  /** The X-Next-Cursor of the previous page. */
  /** The category chip. */
  @IsOptional() @IsString() @MaxLength(40) category_id?: string;
  @IsOptional()
  @IsIn(DOCUMENT_TYPES, { message: `type must be one of: ${DOCUMENT_TYPES.join(', ')}` })
  type?: DocumentType;
  /** Text in the title, description or tags. */
  @IsOptional() @IsString() @MaxLength(200) q?: string;
}
