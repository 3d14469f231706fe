import pino, { type DestinationStream, type Logger } from 'pino';
import { serializeError } from './log-errors.ts';

/**
 * Structured logs; secrets never reach a log line even if someone logs a whole object, and a
 * failed query is logged without the values it was run with. Standard output unless given a
 * `destination` (tests capture the real logger's lines through it).
 */
export function createLogger(level: string, name = 'web', destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    serializers: { err: serializeError, error: serializeError },
    redact: {
      paths: [
        'password',
        '*.password',
        'password_confirmation',
        '*.password_confirmation',
        'current_password',
        '*.current_password',
        'token',
        '*.token',
        '*.password_hash',
        '*.two_factor_secret',
        '*.two_factor_recovery_codes',
        'req.headers.cookie',
        'req.headers["x-xsrf-token"]',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
export type { Logger };
