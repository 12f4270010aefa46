import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@sixa/mongo';
import type { Connection } from 'mongoose';
import { FixedWindowsRepository, type WindowCounter } from '../auth/fixed-windows.repository';
import { AuthConfigRef } from '../config.provider';

/** Password reset e-mails asked for, per account and per client address, in fixed windows. */
@Injectable()
export class ResetRequestsRepository extends FixedWindowsRepository {
  constructor(@InjectConnection() connection: Connection, config: AuthConfigRef) {
    super(
      connection.collection<WindowCounter>('password_reset_requests'),
      () => config.value.passwordReset.windowSec * 1000,
    );
  }
}
