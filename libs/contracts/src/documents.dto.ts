import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  Max,
  ArrayMinSize,
  Equals,
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
  CONVERT_SOURCE_FORMATS,
  DOCUMENT_CONTENT_MAX,
  SIGNATURE_IMAGE_MAX,
  SIGNING_DEADLINE_DAYS_MAX,
  SIGNING_ORDERS,
  type ConvertSourceFormat,
  type SigningOrder,
} from './documents';

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

/** POST /documents/{id}/send-for-signature (spec fields, plus the order and the deadline). */
export class SendForSignatureDto {
  /** The spec sends it in the body too; when given it must be the path's id. */
  @IsOptional() @IsString() document_id?: string;
  @ValidateNested({ each: true })
  @Type(() => DocumentSignerDto)
  @ArrayMinSize(1, { message: 'at least one signer is required' })
  @ArrayMaxSize(10, { message: 'at most 10 signers' })
  signers!: DocumentSignerDto[];
  @IsOptional() @IsString() @MaxLength(200) email_subject?: string;
  @IsOptional() @IsString() @MaxLength(4000) email_message?: string;
  @IsOptional() @IsBoolean() send_reminders?: boolean;
  @IsOptional() @IsIn(SIGNING_ORDERS, oneOf('signing_order', SIGNING_ORDERS)) signing_order?: SigningOrder;
  @IsOptional()
  @IsInt({ message: 'expires_in_days must be a whole number of days' })
  @Min(1, { message: 'expires_in_days must be at least 1' })
  @Max(SIGNING_DEADLINE_DAYS_MAX, { message: `expires_in_days must be at most ${SIGNING_DEADLINE_DAYS_MAX}` })
  expires_in_days?: number;
}

/** POST /documents/signing/{token}/sign: the signer's name, their typed or drawn signature and consent. */
export class SignDocumentDto {
  @IsString() @MinLength(1, { message: 'your full name is required' }) @MaxLength(160) full_name!: string;
  @IsIn(['typed', 'drawn'], { message: 'signature_type must be typed or drawn' }) signature_type!: 'typed' | 'drawn';
  /** Typed: the signature text; drawn: a `data:image/png;base64,` URL. */
  @IsString()
  @IsNotEmpty({ message: 'a signature is required' })
  @MaxLength(SIGNATURE_IMAGE_MAX, { message: 'the drawn signature is too large' })
  signature!: string;
  @Equals(true, { message: 'consent to sign electronically is required' }) consent!: boolean;
}

export class DeclineDocumentDto {
  @IsString() @MinLength(1, { message: 'a reason is required' }) @MaxLength(1000) reason!: string;
}

/** POST /documents/verify: a PDF (base64) to check against the signed documents. */
export class VerifyDocumentDto {
  @IsString() @IsNotEmpty({ message: 'file_content (base64 PDF) is required' }) file_content!: string;
}

/** POST /documents/convert (spec). Size and content are checked by the service (413 / 400). */
export class ConvertDocumentDto {
  @IsString() @IsNotEmpty({ message: 'file_content (base64) is required' }) file_content!: string;
  @IsIn(CONVERT_SOURCE_FORMATS, oneOf('source_format', CONVERT_SOURCE_FORMATS)) source_format!: ConvertSourceFormat;
  @IsOptional() @IsIn(['pdf'], { message: 'target_format must be pdf' }) target_format?: 'pdf';
  @IsOptional() @IsString() @MaxLength(200) document_title?: string;
}
