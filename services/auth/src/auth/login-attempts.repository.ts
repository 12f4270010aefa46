import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@sixa/mongo';
import type { Connection } from 'mongoose';
import { AuthConfigRef } from '../config.provider';
import { FixedWindowsRepository, type WindowCounter } from './fixed-windows.repository';

/** Failed sign-ins per account and per client address, in LOGIN_WINDOW_SECONDS windows. */
@Injectable()
export class LoginAttemptsRepository extends FixedWindowsRepository {
  constructor(@InjectConnection() connection: Connection, config: AuthConfigRef) {
    super(connection.collection<WindowCounter>('login_attempts'), () => config.value.login.windowSec * 1000);
  }
}
