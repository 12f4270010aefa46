import { Body, Controller, Get, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@sixa/auth';
import { ChangeExpiredPasswordDto, LoginDto } from '@sixa/contracts';
import { SessionsService } from '../sessions/sessions.service';
import { AuthService } from './auth.service';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
  ) {}

  @Post('login')
  @ApiOkResponse({ description: 'Signed in: the access token and the user.' })
  @ApiUnauthorizedResponse({ description: 'The e-mail and password do not match an active account.' })
  @HttpCode(200)
  login(@Body() dto: LoginDto, @Req() req: { ip: string }) {
    return this.auth.login(dto, req.ip);
  }

  /** Public: an expired password is replaced before there is a token; the current one proves who asks. */
  @Post('change-expired-password')
  @ApiOkResponse({ description: 'Changed, and signed in: the access token and the user.' })
  @ApiUnauthorizedResponse({ description: 'The e-mail and password do not match an active account.' })
  @HttpCode(200)
  changeExpiredPassword(@Body() dto: ChangeExpiredPasswordDto, @Req() req: { ip: string }) {
    return this.auth.changeExpiredPassword(dto, req.ip);
  }

  /**
   * Ends the session of the bearer token, here and within a second at the gateway and in every
   * service; the user's other sessions go on. Idempotent (204 again for a session already ended).
   * Public at the gateway: the token is checked here, where an ended session is still one to sign out of.
   */
  @ApiBearerAuth()
  @Post('logout')
  @HttpCode(204)
  async logout(@Headers('authorization') authorization: string | undefined) {
    await this.sessions.logout(authorization);
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
