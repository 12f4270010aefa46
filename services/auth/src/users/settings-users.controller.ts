import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@sixa/auth';
import { CreateSettingsUserDto, SetNotificationFrequencyDto } from '@sixa/contracts';
import { PasswordResetService } from '../password-reset/password-reset.service';
import { UsersService } from './users.service';

/**
 * Settings › User Management (spec part 2): the same people as /users (one identity store), with
 * the settings profile. Deleting one is DELETE /users/{id}.
 */
@ApiTags('settings users')
@ApiBearerAuth()
@Controller('settings/users')
export class SettingsUsersController {
  constructor(
    private readonly users: UsersService,
    private readonly resets: PasswordResetService,
  ) {}

  @Get()
  list() {
    return this.users.listSettingsUsers();
  }

  @Post()
  create(@CurrentUser() actor: AuthUser, @Body() dto: CreateSettingsUserDto) {
    return this.users.createSettingsUser(actor.id, dto);
  }

  /** "Reset Password": mails the user a single-use link to choose a new password (202: sent). */
  @Post(':id/reset-password')
  @HttpCode(202)
  resetPassword(@CurrentUser() actor: AuthUser, @Param('id') id: string) {
    return this.resets.sendByAdmin(actor, id);
  }

  /** How often the user is e-mailed their notifications (the same choice they make in their preferences). */
  @Put(':id/notification-frequency')
  setNotificationFrequency(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: SetNotificationFrequencyDto,
  ) {
    return this.users.setNotificationFrequency(actor, id, dto.notification_frequency);
  }
}
