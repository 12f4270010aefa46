import { Controller, Get, Header } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SigningKeysService } from './signing-keys.service';

@ApiTags('auth')
@Controller('auth/.well-known')
export class JwksController {
  constructor(private readonly keys: SigningKeysService) {}

  /** Public keys that verify access tokens (RFC 7517). */
  @Get('jwks.json')
  @Header('cache-control', 'public, max-age=300')
  jwks() {
    return this.keys.jwks();
  }
}
