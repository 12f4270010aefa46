import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import {
  DOCUMENT_ACCESS_LEVELS,
  DOCUMENT_FILE_FORMATS,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  type DocumentAccessLevel,
  type DocumentFileFormat,
  type DocumentStatus,
  type DocumentType,
  type TemplateVariables,
} from './documents';

/** Largest content of a template or a document, in characters (it travels in events too). */
export const DOCUMENT_CONTENT_MAX = 200_000;

/** A list typed with commas: entries trimmed and empty ones dropped before they are checked. */
const TrimmedList = () =>
  Transform(({ value }: { value: unknown }) =>
    Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '') : value,
  );

const oneOf = (field: string, values: readonly string[]) => ({
  message: `${field} must be one of: ${values.join(', ')}`,
});

export class DocumentSignerDto {
  @IsString() @MinLength(1, { message: 'a signer needs a name' }) @MaxLength(160) name!: string;
  @IsEmail({}, { message: 'a signer needs a valid e-mail address' }) @MaxLength(254) email!: string;
  @IsOptional() @IsString() @MaxLength(60) role?: string;
}

export class CreateDocumentTemplateDto {
  @IsString() @MinLength(1, { message: 'title is required' }) @MaxLength(200) title!: string;
  @IsOptional() @IsString() @MaxLength(2000) description?: string;
  @IsOptional() @IsIn(DOCUMENT_TYPES, oneOf('type', DOCUMENT_TYPES)) type?: DocumentType;
  @IsOptional() @IsString() @MaxLength(40) category_id?: string | null;
  @IsString()
  @MinLength(1, { message: 'content is required' })
  @MaxLength(DOCUMENT_CONTENT_MAX, { message: `content must be at most ${DOCUMENT_CONTENT_MAX} characters` })
  content!: string;
  /** Declared placeholder names; the ones the content uses are added by the server. */
  @IsOptional()
  @TrimmedList()
  @IsString({ each: true })
  @Matches(/^[A-Za-z_][A-Za-z0-9_]*$/, {
    each: true,
    message: 'each variable must be a name of letters, digits and underscores (not starting with a digit)',
  })
  @ArrayMaxSize(100)
  variables?: string[];
  @IsOptional()
  @IsIn(DOCUMENT_FILE_FORMATS, oneOf('file_format', DOCUMENT_FILE_FORMATS))
  file_format?: DocumentFileFormat;
  @IsOptional()
  @IsIn(DOCUMENT_ACCESS_LEVELS, oneOf('access_level', DOCUMENT_ACCESS_LEVELS))
  access_level?: DocumentAccessLevel;
  @IsOptional() @IsString({ each: true }) @MaxLength(40, { each: true }) @ArrayMaxSize(30) tags?: string[];
  /** The spec's client sends the placeholder 'current_user'; the server uses the token's user. */
  @IsOptional() @IsString() created_by?: string;
}

/** PUT /document-templates/{id}: the fields to change, and the revision the editor read (409 if changed since). */
export class UpdateDocumentTemplateDto {
  @IsOptional() @IsString() @MinLength(1, { message: 'title must not be empty' }) @MaxLength(200) title?: string;
  @IsOptional() @IsString() @MaxLength(2000) description?: string;
  @IsOptional() @IsIn(DOCUMENT_TYPES, oneOf('type', DOCUMENT_TYPES)) type?: DocumentType;
  @IsOptional() @IsString() @MaxLength(40) category_id?: string | null;
  @IsOptional()
  @IsString()
  @MinLength(1, { message: 'content must not be empty' })
  @MaxLength(DOCUMENT_CONTENT_MAX, { message: `content must be at most ${DOCUMENT_CONTENT_MAX} characters` })
  content?: string;
  @IsOptional()
  @TrimmedList()
  @IsString({ each: true })
  @Matches(/^[A-Za-z_][A-Za-z0-9_]*$/, {
    each: true,
    message: 'each variable must be a name of letters, digits and underscores (not starting with a digit)',
  })
  @ArrayMaxSize(100)
  variables?: string[];
  @IsOptional()
  @IsIn(DOCUMENT_FILE_FORMATS, oneOf('file_format', DOCUMENT_FILE_FORMATS))
  file_format?: DocumentFileFormat;
  @IsOptional()
  @IsIn(DOCUMENT_ACCESS_LEVELS, oneOf('access_level', DOCUMENT_ACCESS_LEVELS))
  access_level?: DocumentAccessLevel;
  @IsOptional() @IsString({ each: true }) @MaxLength(40, { each: true }) @ArrayMaxSize(30) tags?: string[];
  @IsOptional() @IsString() created_by?: string;
  @IsOptional() @IsInt() @Min(0) rev?: number;
}

/** POST /document-templates/{id}/preview. */
export class PreviewTemplateDto {
  @IsOptional() @IsObject({ message: 'variables must be an object of name: value' }) variables?: TemplateVariables;
}

/**
 * POST /documents: from raw `content`, or from a template (`template_id` and the `variables` its
 * placeholders need; a missing one is a 400 naming it). With a template the content is the
 * template's, rendered (a `content` sent along is not used); other fields left out are the template's.
 */
export class CreateDocumentDto {
  @IsString() @MinLength(1, { message: 'title is required' }) @MaxLength(200) title!: string;
  @IsOptional() @IsString() @MaxLength(2000) description?: string;
  @IsOptional() @IsString() @MaxLength(40) template_id?: string | null;
  @IsOptional() @IsObject({ message: 'variables must be an object of name: value' }) variables?: TemplateVariables;
  @IsOptional() @IsIn(DOCUMENT_TYPES, oneOf('type', DOCUMENT_TYPES)) type?: DocumentType;
  @IsOptional() @IsString() @MaxLength(40) category_id?: string | null;
  @IsOptional()
  @IsString()
  @MaxLength(DOCUMENT_CONTENT_MAX, { message: `content must be at most ${DOCUMENT_CONTENT_MAX} characters` })
  content?: string;
  @IsOptional()
  @IsIn(DOCUMENT_FILE_FORMATS, oneOf('file_format', DOCUMENT_FILE_FORMATS))
  file_format?: DocumentFileFormat;
  @IsOptional()
  @IsIn(DOCUMENT_ACCESS_LEVELS, oneOf('access_level', DOCUMENT_ACCESS_LEVELS))
  access_level?: DocumentAccessLevel;
  @IsOptional() @IsBoolean() signature_required?: boolean;
  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => DocumentSignerDto)
  @ArrayMaxSize(20)
  signers?: DocumentSignerDto[];
  @IsOptional() @IsString({ each: true }) @MaxLength(40, { each: true }) @ArrayMaxSize(30) tags?: string[];
  /** Only draft (the default) or active: the other statuses belong to the e-signature flow. */
  @IsOptional() @IsIn(['draft', 'active'], { message: 'a new document is draft or active' }) status?:
    'draft' | 'active';
  @IsOptional() @IsString() created_by?: string;
}

/**
 * PUT /documents/{id}: the fields to change. A new `content` makes the next version; `status` moves
 * it between draft and active (409 from any other status); `rev` is the revision the editor read.
 */
export class UpdateDocumentDto {
  @IsOptional() @IsString() @MinLength(1, { message: 'title must not be empty' }) @MaxLength(200) title?: string;
  @IsOptional() @IsString() @MaxLength(2000) description?: string;
  @IsOptional() @IsIn(DOCUMENT_TYPES, oneOf('type', DOCUMENT_TYPES)) type?: DocumentType;
  @IsOptional() @IsString() @MaxLength(40) category_id?: string | null;
  @IsOptional()
  @IsString()
  @MinLength(1, { message: 'content must not be empty' })
  @MaxLength(DOCUMENT_CONTENT_MAX, { message: `content must be at most ${DOCUMENT_CONTENT_MAX} characters` })
  content?: string;
  @IsOptional()
  @IsIn(DOCUMENT_FILE_FORMATS, oneOf('file_format', DOCUMENT_FILE_FORMATS))
  file_format?: DocumentFileFormat;
  @IsOptional()
  @IsIn(DOCUMENT_ACCESS_LEVELS, oneOf('access_level', DOCUMENT_ACCESS_LEVELS))
  access_level?: DocumentAccessLevel;
  @IsOptional() @IsBoolean() signature_required?: boolean;
  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => DocumentSignerDto)
  @ArrayMaxSize(20)
  signers?: DocumentSignerDto[];
  @IsOptional() @IsString({ each: true }) @MaxLength(40, { each: true }) @ArrayMaxSize(30) tags?: string[];
  @IsOptional() @IsIn(DOCUMENT_STATUSES, oneOf('status', DOCUMENT_STATUSES)) status?: DocumentStatus;
  @IsOptional() @IsString() created_by?: string;
  @IsOptional() @IsInt() @Min(0) rev?: number;
}

export class CreateDocumentCategoryDto {
  @IsString() @MinLength(1, { message: 'name is required' }) @MaxLength(80) name!: string;
  @IsOptional() @IsString() @MaxLength(500) description?: string;
  @IsOptional()
  @Matches(/^#[0-9a-fA-F]{6}$/, { message: 'color must be a hex colour such as #1677ff' })
  color?: string;
  @IsOptional() @IsString() @MaxLength(40) icon?: string;
}
