import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { DOCUMENT_STATUSES, DOCUMENT_TYPES, type DocumentStatus, type DocumentType, PageQuery } from '@sixa/contracts';

/** GET /documents parameters. None at all: every document the caller may read, newest first. */
export class ListDocumentsQuery extends PageQuery {
  /** The X-Next-Cursor of the previous page. */
  /** The category chip (and a category card's View All). */
  @IsOptional() @IsString() @MaxLength(40) category_id?: string;
  @IsOptional()
  @IsIn(DOCUMENT_STATUSES, { message: `status must be one of: ${DOCUMENT_STATUSES.join(', ')}` })
  status?: DocumentStatus;
  @IsOptional()
  @IsIn(DOCUMENT_TYPES, { message: `type must be one of: ${DOCUMENT_TYPES.join(', ')}` })
  type?: DocumentType;
  @IsOptional() @IsString() @MaxLength(40) template_id?: string;
  /** Text in the title, description or tags. */
  @IsOptional() @IsString() @MaxLength(200) q?: string;
}
