import { Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, Max, Min, ValidateNested } from 'class-validator';
import { PASSWORD_POLICY_EXPIRY_DAYS as EXPIRY, PASSWORD_POLICY_MIN_LENGTH as LENGTH } from './settings';

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
