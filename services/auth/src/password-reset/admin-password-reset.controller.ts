import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@sixa/auth';
import { PasswordResetService } from './password-reset.service';

/** Settings › User Management: a password reset an admin sends a user. */
@ApiTags('settings users')
@ApiBearerAuth()
@Controller('settings/users')
export class AdminPasswordResetController {
  constructor(private readonly resets: PasswordResetService) {}

  /** "Reset Password": mails the user a single-use link to choose a new password (202: sent). */
  @Post(':id/reset-password')
  @HttpCode(202)
  resetPassword(@CurrentUser() actor: AuthUser, @Param('id') id: string) {
    return this.resets.sendByAdmin(actor, id);
  }
}
