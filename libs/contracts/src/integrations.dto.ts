import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import {
  PLATFORM_AUTH_TYPES,
  PLATFORM_TYPES,
  SYNC_DATA_TYPES,
  SYNC_DIRECTIONS,
  SYNC_FREQUENCY,
  SYNC_JOB_TYPES,
  type PlatformAuthType,
  type PlatformType,
  type SyncDataType,
  type SyncDirection,
  type SyncJobType,
} from './integrations';

/** POST /integrations/oauth/initiate (spec); `user_id` is always the caller's. */
export class OAuthInitiateDto {
  @IsString() @MinLength(1, { message: 'platform_id is required' }) platform_id!: string;
  @IsString() @MinLength(1, { message: 'connection_name is required' }) @MaxLength(100) connection_name!: string;
  @IsString() @MinLength(1, { message: 'redirect_uri is required' }) @MaxLength(2000) redirect_uri!: string;
  @IsOptional() @IsString() user_id?: string;
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'sync_frequency must be a whole number of minutes' })
  @Min(SYNC_FREQUENCY.min, { message: `sync_frequency must be at least ${SYNC_FREQUENCY.min} minutes` })
  @Max(SYNC_FREQUENCY.max, { message: `sync_frequency must be at most ${SYNC_FREQUENCY.max} minutes` })
  sync_frequency?: number;
}

/** POST /integrations/oauth/callback (spec). */
export class OAuthCallbackDto {
  @IsString() @MinLength(1, { message: 'platform_id is required' }) platform_id!: string;
  @IsString() @MinLength(1, { message: 'code is required' }) @MaxLength(2000) code!: string;
  @IsString() @MinLength(1, { message: 'state is required' }) @MaxLength(200) state!: string;
  @IsOptional() @IsString() user_id?: string;
}

/** POST /integrations/api-key-connection (spec). */
export class ApiKeyConnectionDto {
  @IsString() @MinLength(1, { message: 'platform_id is required' }) platform_id!: string;
  @IsString() @MinLength(1, { message: 'connection_name is required' }) @MaxLength(100) connection_name!: string;
  @IsString() @MinLength(1, { message: 'api_key is required' }) @MaxLength(500) api_key!: string;
  @IsOptional() @IsString() user_id?: string;
  @IsOptional() @IsObject() additional_config?: Record<string, unknown>;
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'sync_frequency must be a whole number of minutes' })
  @Min(SYNC_FREQUENCY.min, { message: `sync_frequency must be at least ${SYNC_FREQUENCY.min} minutes` })
  @Max(SYNC_FREQUENCY.max, { message: `sync_frequency must be at most ${SYNC_FREQUENCY.max} minutes` })
  sync_frequency?: number;
}

/** PUT /integrations/connections/{id} (Configure): any of these. */
export class ConfigureConnectionDto {
  @IsOptional() @IsString() @MinLength(1) @MaxLength(100) connection_name?: string;
  @IsOptional()
  @IsInt({ message: 'sync_frequency must be a whole number of minutes' })
  @Min(SYNC_FREQUENCY.min, { message: `sync_frequency must be at least ${SYNC_FREQUENCY.min} minutes` })
  @Max(SYNC_FREQUENCY.max, { message: `sync_frequency must be at most ${SYNC_FREQUENCY.max} minutes` })
  sync_frequency?: number;
  @IsOptional()
  @IsIn(SYNC_DIRECTIONS, { message: `sync_direction must be one of ${SYNC_DIRECTIONS.join(', ')}` })
  sync_direction?: SyncDirection;
  @IsOptional() @IsObject({ message: 'field_mappings must be an object' }) field_mappings?: Record<string, string>;
}

/** POST /integrations/sync-jobs (spec). */
export class CreateSyncJobDto {
  @IsString() @MinLength(1, { message: 'connection_id is required' }) connection_id!: string;
  @IsOptional() @IsIn(SYNC_JOB_TYPES) job_type?: SyncJobType;
  @IsOptional()
  @IsIn(SYNC_DIRECTIONS, { message: `direction must be one of ${SYNC_DIRECTIONS.join(', ')}` })
  direction?: SyncDirection;
  @IsIn(SYNC_DATA_TYPES, { message: `data_type must be one of ${SYNC_DATA_TYPES.join(', ')}` })
  data_type!: SyncDataType;
}

/** POST /integrations/platforms (admin): a real platform, configured like the samples. */
export class CreatePlatformDto {
  @IsString() @MinLength(1) @MaxLength(100) name!: string;
  @IsIn(PLATFORM_TYPES) type!: PlatformType;
  @IsOptional() @IsString() @MaxLength(1000) description?: string;
  @IsIn(PLATFORM_AUTH_TYPES) auth_type!: PlatformAuthType;
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] }, { message: 'api_base_url must be an http(s) URL' })
  api_base_url!: string;
  @IsOptional() @IsUrl({ require_tld: false, protocols: ['http', 'https'] }) authorize_url?: string;
  @IsOptional() @IsUrl({ require_tld: false, protocols: ['http', 'https'] }) token_url?: string;
  @IsOptional() @IsUrl({ require_tld: false, protocols: ['http', 'https'] }) revoke_url?: string;
  @IsOptional() @IsString() @MaxLength(200) client_id?: string;
  @IsOptional() @IsString() @MaxLength(500) client_secret?: string;
  @IsOptional() @Matches(/^[\w .:/-]{0,500}$/) scopes?: string;
  @IsOptional() @IsUrl({ require_tld: false, protocols: ['http', 'https'] }) website_url?: string;
}
