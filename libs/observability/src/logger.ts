import pino, { type Logger, type LoggerOptions } from 'pino';

/** Fields that must never reach a log line, wherever they appear in a logged object. */
const REDACT = [
  'password',
  '*.password',
  'password_hash',
  '*.password_hash',
  'access_token',
  '*.access_token',
  'refresh_token',
  '*.refresh_token',
  'api_key',
  '*.api_key',
  'client_secret',
  '*.client_secret',
  'code_verifier',
  '*.code_verifier',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'headers.authorization',
  'headers["x-api-key"]',
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
