import { Body, Controller, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@sixa/auth';
import {
  PutAiSettingsDto,
  PutDashboardWidgetsDto,
  PutMenuConfigDto,
  PutRateLimitDto,
  PutSystemSettingDto,
  ROLES,
} from '@sixa/contracts';
import { ExpectedRev } from '@sixa/mongo';
import { ConfigurationService, RESOURCE } from './configuration.service';

const RESOURCE_PARAM = { name: 'resource', schema: { type: 'string', pattern: RESOURCE.source } } as const;
const ROLE_PARAM = { name: 'role', schema: { type: 'string', enum: [...ROLES] } };
import { entryIdentity } from './entries.repository';

/** System settings, AI configuration, backup and rate limits: admin only (spec: Settings), here and at the gateway. */
@ApiTags('settings')
@ApiBearerAuth()
@Controller('settings')
export class ConfigurationController {
  constructor(private readonly configuration: ConfigurationService) {}

  @Get('system')
  listSystem() {
    return this.configuration.listSystem();
  }

  @Put('system')
  putSystem(@CurrentUser() actor: AuthUser, @Body() dto: PutSystemSettingDto) {
    return this.configuration.putSystem(actor, dto);
  }

  @Get('ai')
  listAi() {
    return this.configuration.listAi();
  }

  @Put('ai')
  putAi(@CurrentUser() actor: AuthUser, @Body() dto: PutAiSettingsDto) {
    return this.configuration.putAi(actor, dto);
  }

  @Get('backup')
  backup() {
    return this.configuration.backup();
  }

  @Get('rate-limits')
  listRateLimits() {
    return this.configuration.listRateLimits();
  }

  @Put('rate-limits/:resource')
  @ApiParam(RESOURCE_PARAM)
  putRateLimit(
    @CurrentUser() actor: AuthUser,
    @Param('resource') resource: string,
    @Body() dto: PutRateLimitDto,
    @ExpectedRev('rate limit', (req) => req.params?.resource && entryIdentity('rate_limit', req.params.resource))
    rev?: number,
  ) {
    return this.configuration.putRateLimit(actor, resource, dto, rev);
  }

  @Delete('rate-limits/:resource')
  @ApiParam(RESOURCE_PARAM)
  @HttpCode(204)
  removeRateLimit(@Param('resource') resource: string) {
    return this.configuration.removeRateLimit(resource);
  }
}

/** What every signed-in user reads about their own workspace (the gateway lets these through for any role). */
@ApiTags('settings')
@ApiBearerAuth()
@Controller('settings')
export class WorkspaceConfigurationController {
  constructor(private readonly configuration: ConfigurationService) {}

  @Get('branding')
  branding() {
    return this.configuration.branding();
  }

  /** Self or admin. */
  @Get('dashboard-widgets/:userId')
  @ApiOkResponse({ description: 'Their widgets, in order, each shown or hidden.' })
  @ApiForbiddenResponse({ description: "Another user's dashboard widgets (admins only)." })
  widgets(@CurrentUser() actor: AuthUser, @Param('userId') userId: string) {
    return this.configuration.widgets(actor, userId);
  }

  /** Self or admin. */
  @Put('dashboard-widgets/:userId')
  @ApiOkResponse({ description: 'Their widgets as saved.' })
  @ApiForbiddenResponse({ description: "Another user's dashboard widgets (admins only)." })
  putWidgets(@CurrentUser() actor: AuthUser, @Param('userId') userId: string, @Body() dto: PutDashboardWidgetsDto) {
    return this.configuration.putWidgets(actor, userId, dto);
  }

  /** The caller's own role, or any role for an admin. */
  @Get('menu-config/:role')
  @ApiOkResponse({ description: "The role's menu items, in order, each shown or hidden." })
  @ApiForbiddenResponse({ description: 'The menu of a role other than your own (admins only).' })
  @ApiParam(ROLE_PARAM)
  menu(@CurrentUser() actor: AuthUser, @Param('role') role: string) {
    return this.configuration.menu(actor, role);
  }

  @Put('menu-config/:role')
  @ApiParam(ROLE_PARAM)
  putMenu(@CurrentUser() actor: AuthUser, @Param('role') role: string, @Body() dto: PutMenuConfigDto) {
    return this.configuration.putMenu(actor, role, dto);
  }
}

/**
 * For the gateway only, which enforces the limits (it polls this every few seconds): not under an
 * /api prefix, so the gateway never routes a browser here; in k8s only the gateway may reach the
 * service (NetworkPolicy). The limits are not secret.
 */
@ApiTags('internal')
@Controller('internal')
export class InternalController {
  constructor(private readonly configuration: ConfigurationService) {}

  @Get('rate-limits')
  rateLimits() {
    return this.configuration.listRateLimits();
  }
}
