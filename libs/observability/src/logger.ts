import pino, { type Logger, type LoggerOptions } from 'pino';

/** Fields that must never reach a log line, wherever they appear in a logged object. */
const REDACT = [
  'password',
  '*.password',
  'password_hash',
  '*.password_hash',
  'access_token',
  '*.access_token',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
];

export function loggerOptions(service: string, level = process.env.LOG_LEVEL ?? 'info'): LoggerOptions {
  return {
    level,
    base: { service },
    redact: { paths: REDACT, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
}

export function createLogger(service: string, level?: string): Logger {
  return pino(loggerOptions(service, level));
}

export type { Logger };
