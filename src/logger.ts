import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import { serializeError } from './log-errors.ts';
import { currentRequestId } from './request-context.ts';

/**
 * Structured logs; secrets never reach a log line even if someone logs a whole object, and a
 * failed query is logged without the values it was run with. Every line logged while a request
 * (or a job that carries one) is handled names its `requestId`.
 *
 * Standard output unless given a `destination` (tests capture the real logger's lines through it).
 * `pretty` (default: standard output is a terminal) writes readable lines through pino-pretty;
 * otherwise one JSON object per line, for log collectors. A container started without a TTY
 * (compose, Kubernetes) therefore logs JSON; pipe JSON through `npx pino-pretty` to read it.
 */
export function createLogger(
  level: string,
  name = 'web',
  destination?: DestinationStream,
  pretty = destination === undefined && process.stdout.isTTY === true,
): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    mixin: requestIdMixin,
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
  if (pretty) return pino(options, readableLines(destination));
  return destination ? pino(options, destination) : pino(options);
}

/** Adds the current request id to a line; a field given explicitly in the line wins. */
function requestIdMixin(): { requestId?: string } {
  const requestId = currentRequestId();
  return requestId ? { requestId } : {};
}

/**
 * One readable line per entry (time, level, message, then the fields on the same line), coloured
 * on a terminal. Synchronous, so the last lines before an exit are not lost.
 */
function readableLines(destination: DestinationStream | undefined): DestinationStream {
  return pretty({
    destination: destination ?? 1,
    colorize: destination === undefined && process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    singleLine: true,
    sync: true,
  });
}
export type { Logger };
