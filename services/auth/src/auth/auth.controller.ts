import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@sixa/auth';
import { ChangeExpiredPasswordDto, LoginDto } from '@sixa/contracts';
import { AuthService } from './auth.service';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('login')
  @HttpCode(200)
  login(@Body() dto: LoginDto, @Req() req: { ip: string }) {
    return this.auth.login(dto, req.ip);
  }

  /** Public: an expired password is replaced before there is a token; the current one proves who asks. */
  @Post('change-expired-password')
  @HttpCode(200)
  changeExpiredPassword(@Body() dto: ChangeExpiredPasswordDto, @Req() req: { ip: string }) {
    return this.auth.changeExpiredPassword(dto, req.ip);
  }

  @ApiBearerAuth()
  @Get('me')
  me(@CurrentUser() user: AuthUser) {
    return this.auth.me(user);
  }

  /** Demo mode only (404 otherwise). Idempotent. */
  @Post('initialize-default-users')
  @HttpCode(200)
  initializeDefaultUsers() {
    return this.auth.initializeDefaultUsers();
  }
}
