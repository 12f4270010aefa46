import { createLogger, type Logger } from '@sixa/observability';
import type { MongoClient } from 'mongodb';

/** How long a command may run before it is logged (MONGO_SLOW_COMMAND_MS; 0 turns the watch off). */
export function slowCommandMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.MONGO_SLOW_COMMAND_MS;
  const ms = raw === undefined || raw === '' ? 10_000 : Number(raw);
  return Number.isFinite(ms) && ms >= 0 ? ms : 10_000;
}

interface Outstanding {
  at: number;
  name: string;
  collection: unknown;
  told: boolean;
}

/**
 * Logs database commands that run longer than `thresholdMs`: once while still running (a command
 * that never returns is seen too; a store can loop on one), and with its duration when it ends.
 * Names only (command, database, collection): filters and values stay out of the logs.
 * Needs a client created with `monitorCommands: true`. Returns a function that stops the watch.
 */
export function watchSlowCommands(
  client: Pick<MongoClient, 'on'>,
  dbName: string,
  thresholdMs: number,
  logger: Pick<Logger, 'warn'> = createLogger('mongo'),
): () => void {
  if (thresholdMs <= 0) return () => undefined;
  const outstanding = new Map<number, Outstanding>();
  const ended = (e: { requestId: number; duration: number }) => {
    const o = outstanding.get(e.requestId);
    outstanding.delete(e.requestId);
    if (o && e.duration >= thresholdMs)
      logger.warn(
        { db: dbName, command: o.name, collection: o.collection, took_ms: Math.round(e.duration) },
        'a slow database command ended',
      );
  };
  client.on('commandStarted', (e) =>
    outstanding.set(e.requestId, {
      at: Date.now(),
      name: e.commandName,
      collection: e.command[e.commandName],
      told: false,
    }),
  );
  client.on('commandSucceeded', ended);
  client.on('commandFailed', ended);
  const timer = setInterval(
    () => {
      const now = Date.now();
      for (const o of outstanding.values())
        if (!o.told && now - o.at >= thresholdMs) {
          o.told = true;
          logger.warn(
            { db: dbName, command: o.name, collection: o.collection, running_ms: now - o.at },
            'a database command is still running',
          );
        }
    },
    Math.min(thresholdMs, 5_000),
  );
  timer.unref();
  return () => clearInterval(timer);
}
