import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@sixa/auth';
import { CreatePlatformDto } from '@sixa/contracts';
import { PlatformsService } from './platforms.service';

/** The Integrations Hub's platforms (open to any signed-in user, spec part 2; configuring platforms is an admin's). */
@ApiTags('integrations')
@ApiBearerAuth()
@Controller('integrations')
export class PlatformsController {
  constructor(private readonly platforms: PlatformsService) {}

  @Get('platforms')
  listPlatforms() {
    return this.platforms.list();
  }

  @Post('platforms')
  createPlatform(@Body() dto: CreatePlatformDto) {
    return this.platforms.create(dto);
  }

  /** Demo mode: the sandbox provider's platforms. */
  @Post('initialize-sample-data')
  @HttpCode(200)
  seed(@CurrentUser() actor: AuthUser) {
    return this.platforms.seed(actor);
  }
}
