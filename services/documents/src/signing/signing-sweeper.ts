import { leasedTimer } from '@sixa/mongo';
import { DocumentsConfigRef } from '../config.provider';
import { SignatureSweepService } from './signature-sweep.service';

/**
 * Deadlines, reminders and unfinished steps of signature requests, in one replica at a time (a
 * lease). The timers are the times stored with each request, so a restart loses nothing: the first
 * sweep after start catches up with whatever came due meanwhile, and each step is conditional.
 */
export const SigningSweeper = leasedTimer(
  'signing-sweep',
  [SignatureSweepService, DocumentsConfigRef],
  (signing, config) => ({
    every: config.value.signingSweepMs,
    turn: () => signing.sweep(),
  }),
);
