import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequireLevel, type AuthUser } from '@sixa/auth';
import { UpdateSecurityPolicyDto } from '@sixa/contracts';
import { ExpectedRev } from '@sixa/mongo';
import { SECURITY_POLICY_IDENTITY } from './security-policy.repository';
import { SecurityService } from './security.service';

/** Security & Backup: the password policy. Admin only (spec: Settings), here and at the gateway. */
@ApiTags('settings')
@ApiBearerAuth()
@RequireLevel('admin')
@Controller('settings/security')
export class SecurityController {
  constructor(private readonly security: SecurityService) {}

  @Get()
  get() {
    return this.security.get();
  }

  @Put()
  update(
    @CurrentUser() actor: AuthUser,
    @Body() dto: UpdateSecurityPolicyDto,
    @ExpectedRev('security policy', () => SECURITY_POLICY_IDENTITY) rev?: number,
  ) {
    return this.security.update(actor, dto, rev);
  }
}
