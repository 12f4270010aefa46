import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { ForgotPasswordDto, PasswordResetTokenDto, ResetPasswordDto } from '@sixa/contracts';
import { PasswordResetService } from './password-reset.service';

/**
 * The password reset link's side, public: no one is signed in. The link's secret travels in the body,
 * never in an API path (paths end up in access logs). Settings › User Management sends links through
 * POST /settings/users/{id}/reset-password.
 */
@ApiTags('auth')
@Controller('auth')
export class PasswordResetController {
  constructor(private readonly resets: PasswordResetService) {}

  /** "Forgot password?": the same answer whether or not an account has this e-mail. Rate-limited. */
  @Post('forgot-password')
  @HttpCode(202)
  forgotPassword(@Body() dto: ForgotPasswordDto, @Req() req: { ip: string }) {
    return this.resets.requestBySelf(dto.email, req.ip);
  }

  /** Whether a link still works (400 not valid, 410 used or expired), and for which account. */
  @Post('reset-password/check')
  @HttpCode(200)
  check(@Body() dto: PasswordResetTokenDto) {
    return this.resets.check(dto.token);
  }

  /** Sets the new password (the password policy applies), once per link, and ends every other session. */
  @Post('reset-password')
  @HttpCode(200)
  reset(@Body() dto: ResetPasswordDto) {
    return this.resets.complete(dto.token, dto.new_password);
  }
}
