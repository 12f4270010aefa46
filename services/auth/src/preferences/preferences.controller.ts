import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@sixa/auth';
import { UpdatePreferencesDto } from '@sixa/contracts';
import { PreferencesService } from './preferences.service';

/** Any signed-in user, for their own profile only: the token says whose. */
@ApiTags('auth')
@ApiBearerAuth()
@Controller('auth/me/preferences')
export class PreferencesController {
  constructor(private readonly preferences: PreferencesService) {}

  @Get()
  get(@CurrentUser() user: AuthUser) {
    return this.preferences.get(user);
  }

  /** A viewer's own display choice too (ROUTE_ACCESS declares it for any signed-in user). */
  @Put()
  update(@CurrentUser() user: AuthUser, @Body() dto: UpdatePreferencesDto) {
    return this.preferences.update(user, dto);
  }
}
