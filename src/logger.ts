import pino, { type Logger } from 'pino';

/** Structured logs; secrets never reach a log line even if someone logs a whole object. */
export function createLogger(level: string, name = 'web'): Logger {
  return pino({
    name,
    level,
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
  });
}
export type { Logger };
