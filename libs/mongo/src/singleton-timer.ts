import { Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap, type Type } from '@nestjs/common';
import { PARAMTYPES_METADATA } from '@nestjs/common/constants';
import { createLogger, type Logger } from '@sixa/observability';
import type { Connection } from 'mongoose';
import { SingletonJob } from './lease';
import { InjectConnection } from './mongo.module';

/** What a turn did, in figures: logged when any of them is not zero. */
export type TurnFigures = number | Readonly<Record<string, number>> | void;

/** A leased timer's work, stated from the providers it needs. */
export interface TimerWork {
  /** How often the lease holder runs a turn (ms). */
  every: number;
  /** One turn, in the process that holds the lease. */
  turn: () => Promise<TurnFigures>;
  /** The lease's lifetime, when a turn may run longer than the default (2 × `every`, at least 15 s). */
  ttlMs?: number;
}

type Instances<D extends readonly unknown[]> = {
  [K in keyof D]: D[K] extends abstract new (...args: never[]) => infer I ? I : never;
};

/**
 * A provider that runs periodic work in one replica at a time (a SingletonJob's lease) for as long as
 * the app is up. `name` is the lease's; `inject` the providers the work needs, which `work` receives
 * in that order and turns into the interval and one turn:
 *
 *   export const QuoteExpirySweeper = leasedTimer('quote-expiry', [QuotesService, CrmConfigRef], (quotes, config) => ({
 *     every: config.value.expirySweepMs,
 *     turn: async () => ({ expired: await quotes.expireDue() }),
 *   }));
 *
 * The job starts once the app is up and stops, handing the lease back, before the database connection
 * closes (that happens in onApplicationShutdown). Consumers are providers of their own, not timers.
 */
export function leasedTimer<const D extends readonly (abstract new (...args: never[]) => unknown)[]>(
  name: string,
  inject: D,
  work: (...deps: Instances<D>) => TimerWork,
): Type<OnApplicationBootstrap & BeforeApplicationShutdown> {
  const logger = createLogger(`timer:${name}`);

  @Injectable()
  class LeasedTimer implements OnApplicationBootstrap, BeforeApplicationShutdown {
    @InjectConnection() private readonly connection!: Connection;
    private job: SingletonJob | null = null;
    private readonly work: TimerWork;

    constructor(...deps: unknown[]) {
      this.work = work(...(deps as Instances<D>));
    }

    onApplicationBootstrap(): void {
      const { every, turn, ttlMs } = this.work;
      this.job = new SingletonJob(this.connection, name, async () => report(logger, await turn()), {
        intervalMs: every,
        ttlMs,
        logger,
      });
      this.job.start();
    }

    async beforeApplicationShutdown(): Promise<void> {
      await this.job?.stop();
    }
  }

  // The providers it is built from, as a decorated constructor would declare them.
  Reflect.defineMetadata(PARAMTYPES_METADATA, [...inject], LeasedTimer);
  Object.defineProperty(LeasedTimer, 'name', { value: `LeasedTimer(${name})` });
  return LeasedTimer;
}

function report(logger: Logger, figures: TurnFigures): void {
  if (!figures) return;
  const done = typeof figures === 'number' ? { done: figures } : figures;
  if (Object.values(done).some((n) => n !== 0)) logger.info(done, 'turn done');
}
