import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@sixa/auth';
import { CreateSettingsUserDto } from '@sixa/contracts';
import { UsersService } from './users.service';

/**
 * Settings › User Management (spec part 2): the same people as /users (one identity store), with
 * the settings profile. Deleting one is DELETE /users/{id}.
 */
@ApiTags('settings users')
@ApiBearerAuth()
@Controller('settings/users')
export class SettingsUsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  list() {
    return this.users.listSettingsUsers();
  }

  @Post()
  create(@CurrentUser() actor: AuthUser, @Body() dto: CreateSettingsUserDto) {
    return this.users.createSettingsUser(actor.id, dto);
  }
}
