import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import {
  AI_SETTING_CATEGORIES,
  DASHBOARD_WIDGETS,
  MENU_KEYS,
  PASSWORD_POLICY_EXPIRY_DAYS as EXPIRY,
  PASSWORD_POLICY_MIN_LENGTH as LENGTH,
  RATE_LIMIT_BOUNDS,
  SYSTEM_SETTING_TYPES,
  WEBHOOK_BOUNDS,
  type AiSettingCategory,
  type DashboardWidgetKey,
  type MenuKey,
  type SystemSettingType,
} from './settings';

export class SecurityRulesDto {
  @IsInt({ message: 'password_min_length must be a whole number' })
  @Min(LENGTH.min, { message: `password_min_length must be at least ${LENGTH.min}` })
  @Max(LENGTH.max, { message: `password_min_length must be at most ${LENGTH.max}` })
  password_min_length!: number;
  @IsBoolean() password_require_uppercase!: boolean;
  @IsBoolean() password_require_numbers!: boolean;
  @IsBoolean() password_require_symbols!: boolean;
  @IsInt({ message: 'password_expiry_days must be a whole number of days' })
  @Min(EXPIRY.min, { message: `password_expiry_days must be at least ${EXPIRY.min}` })
  @Max(EXPIRY.max, { message: `password_expiry_days must be at most ${EXPIRY.max}` })
  password_expiry_days!: number;
}

/** PUT /settings/security (spec: "with rules"); `rev` the revision the editor read (409 if it moved). */
export class UpdateSecurityPolicyDto {
  @ValidateNested()
  @Type(() => SecurityRulesDto)
  rules!: SecurityRulesDto;
  @IsOptional() @IsInt() @Min(0) rev?: number;
}

const NAME = /^[a-z][a-z0-9_]{0,49}$/;

/** PUT /settings/system (spec: category, key, value, data_type); the value is checked against its type. */
export class PutSystemSettingDto {
  @Matches(NAME, { message: 'category must be lower-case letters, digits and _ (at most 50)' }) category!: string;
  @Matches(NAME, { message: 'key must be lower-case letters, digits and _ (at most 50)' }) key!: string;
  @IsDefined({ message: 'value is required' }) value!: unknown;
  @IsIn(SYSTEM_SETTING_TYPES, { message: `data_type must be one of ${SYSTEM_SETTING_TYPES.join(', ')}` })
  data_type!: SystemSettingType;
  @IsOptional() @IsString() @MaxLength(200) description?: string;
}

/** PUT /settings/ai (spec: category, settings): the group's settings given replace those stored. */
export class PutAiSettingsDto {
  @IsIn(AI_SETTING_CATEGORIES, { message: `category must be one of ${AI_SETTING_CATEGORIES.join(', ')}` })
  category!: AiSettingCategory;
  @IsObject({ message: 'settings must be an object' }) settings!: Record<string, unknown>;
}

/** PUT /settings/rate-limits/{resource}. */
export class PutRateLimitDto {
  @IsInt({ message: 'limit_per_hour must be a whole number' })
  @Min(RATE_LIMIT_BOUNDS.min, { message: `limit_per_hour must be at least ${RATE_LIMIT_BOUNDS.min}` })
  @Max(RATE_LIMIT_BOUNDS.max, { message: `limit_per_hour must be at most ${RATE_LIMIT_BOUNDS.max}` })
  limit_per_hour!: number;
  @IsInt({ message: 'limit_per_day must be a whole number' })
  @Min(RATE_LIMIT_BOUNDS.min, { message: `limit_per_day must be at least ${RATE_LIMIT_BOUNDS.min}` })
  @Max(RATE_LIMIT_BOUNDS.max, { message: `limit_per_day must be at most ${RATE_LIMIT_BOUNDS.max}` })
  limit_per_day!: number;
}

export class WidgetItemDto {
  @IsIn(DASHBOARD_WIDGETS, { message: `widget key must be one of ${DASHBOARD_WIDGETS.join(', ')}` })
  key!: DashboardWidgetKey;
  @IsBoolean() visible!: boolean;
}

/** PUT /settings/dashboard-widgets/{userId}: every widget once, in the order shown. */
export class PutDashboardWidgetsDto {
  @IsArray() @ValidateNested({ each: true }) @Type(() => WidgetItemDto) widgets!: WidgetItemDto[];
}

export class MenuItemDto {
  @IsIn(MENU_KEYS, { message: `menu key must be one of ${MENU_KEYS.join(', ')}` }) key!: MenuKey;
  @IsBoolean() visible!: boolean;
}

/** PUT /settings/menu-config/{role}: every sidebar entry once. */
export class PutMenuConfigDto {
  @IsArray() @ValidateNested({ each: true }) @Type(() => MenuItemDto) items!: MenuItemDto[];
}

const EVENT_PATTERN = /^(\*|[a-z][a-z0-9_]*(\.[a-z0-9_]+)*(\.\*)?)$/;
/** Events as a list, or as the form's comma-separated text (trimmed, empty entries dropped). */
const eventList = ({ value }: { value: unknown }) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : value;

/**
 * A webhook's fields (spec), each checked when given: POST /settings/webhooks needs name, url and
 * events (the service says which is missing); PUT /settings/webhooks/{id} changes those given.
 * `created_by` is the caller, whatever is sent.
 */
export class WebhookFieldsDto {
  @IsOptional() @IsString() @MinLength(1, { message: 'name cannot be empty' }) @MaxLength(100) name?: string;
  @IsOptional() @IsString() @MinLength(1, { message: 'url cannot be empty' }) @MaxLength(2000) url?: string;
  @IsOptional()
  @Transform(eventList)
  @IsArray({ message: 'events must be a list of event types (lead.created), lead.* or *' })
  @ArrayMinSize(1, { message: 'events needs at least one event type (lead.created), lead.* or *' })
  @ArrayMaxSize(50)
  @Matches(EVENT_PATTERN, { each: true, message: 'each event must be an event type (lead.created), lead.* or *' })
  events?: string[];
  @IsOptional()
  @IsInt()
  @Min(WEBHOOK_BOUNDS.retry_attempts.min)
  @Max(WEBHOOK_BOUNDS.retry_attempts.max, {
    message: `retry_attempts must be at most ${WEBHOOK_BOUNDS.retry_attempts.max}`,
  })
  retry_attempts?: number;
  @IsOptional()
  @IsInt()
  @Min(WEBHOOK_BOUNDS.retry_delay_seconds.min, { message: 'retry_delay_seconds must be at least 1' })
  @Max(WEBHOOK_BOUNDS.retry_delay_seconds.max, { message: 'retry_delay_seconds must be at most 3600' })
  retry_delay_seconds?: number;
  @IsOptional()
  @IsInt()
  @Min(WEBHOOK_BOUNDS.timeout_seconds.min, { message: 'timeout_seconds must be at least 1' })
  @Max(WEBHOOK_BOUNDS.timeout_seconds.max, { message: 'timeout_seconds must be at most 60' })
  timeout_seconds?: number;
  @IsOptional() @IsObject({ message: 'headers must be an object of header names and values' }) headers?: Record<
    string,
    string
  >;
  @IsOptional() @IsString() created_by?: string;
  @IsOptional() @IsBoolean() is_active?: boolean;
}

export class CreateWebhookDto extends WebhookFieldsDto {}
export class UpdateWebhookDto extends WebhookFieldsDto {}

/**
 * A business rule's fields, each checked when given (conditions and actions in depth by the service,
 * which names what is wrong): POST needs name, module, trigger_event and actions; PUT changes those given.
 */
export class BusinessRuleFieldsDto {
  @IsOptional() @IsString() @MinLength(1, { message: 'name cannot be empty' }) @MaxLength(120) name?: string;
  @IsOptional() @IsString() @MaxLength(1000) description?: string;
  @IsOptional()
  @Matches(NAME, { message: 'module must be lower-case letters, digits and _ (leads, tasks...)' })
  module?: string;
  @IsOptional()
  @Matches(/^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/, { message: 'trigger_event must be an event type such as lead.created' })
  trigger_event?: string;
  @IsOptional() @IsObject({ message: 'conditions must be an object with all or any' }) conditions?: Record<
    string,
    unknown
  >;
  @IsOptional() @IsArray({ message: 'actions must be a list' }) actions?: unknown[];
  @IsOptional() @IsBoolean() is_active?: boolean;
}

export class CreateBusinessRuleDto extends BusinessRuleFieldsDto {}
export class UpdateBusinessRuleDto extends BusinessRuleFieldsDto {}

/** POST /settings/business-rules/{id}/activate. */
export class ActivateBusinessRuleDto {
  @IsBoolean({ message: 'is_active must be true or false' }) is_active!: boolean;
}

export class SampleEventDto {
  @IsOptional() @IsString() type?: string;
  @IsObject({ message: 'event.data must be an object (the event data, e.g. {"lead": {"source": "Referral"}})' })
  data!: Record<string, unknown>;
}

/** POST /settings/business-rules/{id}/test: a sample event (its type defaults to the rule's trigger). */
export class TestBusinessRuleDto {
  @ValidateNested() @Type(() => SampleEventDto) event!: SampleEventDto;
}
