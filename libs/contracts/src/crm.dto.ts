import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { LEAD_SOURCES, LEAD_STATUSES, type LeadSource, type LeadStatus } from './crm';
import { PRICING_TIERS, type PricingTier } from './money';
import { QUOTE_LIMITS } from './quote-edits';

export class CreateLeadDto {
  @IsString() @MinLength(1, { message: 'name is required' }) @MaxLength(120) name!: string;
  @IsString() @IsEmail({}, { message: 'email must be a valid e-mail address' }) @MaxLength(254) email!: string;
  @IsString() @MinLength(1, { message: 'company is required' }) @MaxLength(160) company!: string;
  @IsOptional() @IsString() @MaxLength(40) phone?: string;
  @IsIn(LEAD_SOURCES, { message: `source must be one of: ${LEAD_SOURCES.join(', ')}` }) source!: LeadSource;
  @IsOptional() @IsString() @MaxLength(5000) notes?: string;
}

/** The full lead as the Edit modal sends it; server-owned fields (id, score, dates) are ignored. */
export class UpdateLeadDto extends CreateLeadDto {
  @IsOptional()
  @IsIn(LEAD_STATUSES, { message: `status must be one of: ${LEAD_STATUSES.join(', ')}` })
  status?: LeadStatus;
  /** Admin only: pins the score; null removes the override. */
  @IsOptional() @IsInt() @Min(0) @Max(100) score_override?: number | null;
  /** The revision the editor read (`rev` of the lead): a lead changed since then is not overwritten (409). */
  @IsOptional() @IsInt() @Min(0) rev?: number;
}

export class QuoteLineItemDto {
  @IsString() @MinLength(1, { message: 'product_service_id is required' }) product_service_id!: string;
  @IsNumber({}, { message: 'quantity must be a number' })
  @Min(QUOTE_LIMITS.quantity.min, { message: 'quantity must be positive' })
  @Max(QUOTE_LIMITS.quantity.max)
  quantity!: number;
  @IsOptional()
  @IsNumber()
  @Min(QUOTE_LIMITS.discount_percentage.min, { message: 'discount_percentage must be between 0 and 100%' })
  @Max(QUOTE_LIMITS.discount_percentage.max, { message: 'discount_percentage must be between 0 and 100%' })
  discount_percentage?: number;
  @IsOptional()
  @IsNumber()
  @Min(QUOTE_LIMITS.discount_amount.min, { message: 'discount_amount must not be negative' })
  discount_amount?: number;
  @IsOptional()
  @IsIn(PRICING_TIERS, { message: `pricing_tier must be one of: ${PRICING_TIERS.join(', ')}` })
  pricing_tier?: PricingTier;
}

export class TaxSettingsDto {
  @IsNumber({}, { message: 'tax_rate must be a number' })
  @Min(QUOTE_LIMITS.tax_rate.min)
  @Max(QUOTE_LIMITS.tax_rate.max)
  tax_rate!: number;
  @IsOptional() @IsString() @MaxLength(40) tax_name?: string;
  @IsOptional() @IsBoolean() is_inclusive?: boolean;
}

export class CreateQuoteDto {
  @IsString() @MinLength(1, { message: 'title is required' }) @MaxLength(200) title!: string;
  @IsString() @MinLength(1, { message: 'customer_name is required' }) @MaxLength(160) customer_name!: string;
  @IsString() @IsEmail({}, { message: 'customer_email must be a valid e-mail address' }) customer_email!: string;
  @IsOptional() @IsString() @MaxLength(40) customer_phone?: string;
  @IsOptional() @IsObject() customer_address?: Record<string, string>;
  @ValidateNested({ each: true })
  @Type(() => QuoteLineItemDto)
  @ArrayMinSize(1, { message: 'a quote needs at least one line item' })
  @ArrayMaxSize(200)
  line_items!: QuoteLineItemDto[];
  @IsOptional() @ValidateNested() @Type(() => TaxSettingsDto) tax_settings?: TaxSettingsDto;
  @IsOptional() @IsString() @MaxLength(10_000) notes?: string;
  @IsOptional() @IsString() @MaxLength(20_000) terms_conditions?: string;
  @IsOptional()
  @IsInt()
  @Min(QUOTE_LIMITS.expires_in_days.min)
  @Max(QUOTE_LIMITS.expires_in_days.max)
  expires_in_days?: number;
  @IsOptional() @IsBoolean() e_signature_required?: boolean;
  /** The spec's client sends the placeholder 'current_user'; the server uses the token's user. */
  @IsOptional() @IsString() created_by?: string;
}

/** PUT /quotes/{id}: the same fields, and the revision the editor read (409 if the draft changed since). */
export class UpdateQuoteDto extends CreateQuoteDto {
  @IsOptional() @IsInt() @Min(0) rev?: number;
}

/**
 * POST /quotes/public/{token}/accept. A quote that requires an e-signature needs the customer's full
 * name and their consent (400 otherwise); a plain quote needs no body.
 */
export class AcceptQuoteDto {
  @IsOptional() @IsString({ message: 'signer_name must be text' }) @MaxLength(160) signer_name?: string;
  @IsOptional() @IsBoolean({ message: 'consent must be a boolean' }) consent?: boolean;
}
