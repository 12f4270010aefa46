import { Injectable } from '@nestjs/common';
import type { AuthConfig } from './config';

/** The validated configuration, injectable. */
@Injectable()
export class AuthConfigRef {
  constructor(readonly value: AuthConfig) {}
}
