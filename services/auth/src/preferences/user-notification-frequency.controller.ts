import { Body, Controller, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@sixa/auth';
import { SetNotificationFrequencyDto } from '@sixa/contracts';
import { PreferencesService } from './preferences.service';

/** Settings › User Management: a user's notification frequency, set by an admin. */
@ApiTags('settings users')
@ApiBearerAuth()
@Controller('settings/users')
export class UserNotificationFrequencyController {
  constructor(private readonly preferences: PreferencesService) {}

  /** How often the user is e-mailed their notifications (the same choice they make in their preferences). */
  @Put(':id/notification-frequency')
  setNotificationFrequency(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: SetNotificationFrequencyDto,
  ) {
    return this.preferences.setNotificationFrequency(actor, id, dto.notification_frequency);
  }
}
