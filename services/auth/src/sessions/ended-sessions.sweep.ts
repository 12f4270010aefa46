import { leasedTimer } from '@sixa/mongo';
import { EndedSessionsRepository } from './ended-sessions.repository';

/** How often the records of ended sessions whose tokens have expired are deleted. */
const SWEEP_EVERY_MS = 3_600_000;
/** Kept past a token's expiry before the record goes (the clock tolerance of token checks, and skew). */
const KEEP_AFTER_EXPIRY_MS = 10 * 60_000;

/** Deletes the records of ended sessions once their tokens have expired, in one replica at a time (a lease). */
export const EndedSessionsSweep = leasedTimer('ended-sessions-sweep', [EndedSessionsRepository], (ended) => ({
  every: SWEEP_EVERY_MS,
  turn: () => ended.sweep(new Date(Date.now() - KEEP_AFTER_EXPIRY_MS)),
}));
