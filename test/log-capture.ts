import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../src/logger.ts';

/** A line the logger wrote, parsed (pino's JSON: level, msg and the logged fields). */
export type LogRecord = Record<string, unknown> & { level: number; msg?: string };

/**
 * The real logger writing into memory instead of standard output, so a test can read exactly the
 * lines the app would have written. `pretty` switches to the terminal format.
 */
export function captureLog(level = 'info', options: { pretty?: boolean } = {}) {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  const log: Logger = createLogger(level, 'test', sink, options.pretty ?? false);
  const records = () =>
    lines
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogRecord);
  return {
    log,
    lines,
    records,
    /** Waits (up to 5 s) for a line the predicate accepts: access lines are written once the response is done. */
    async waitFor(predicate: (record: LogRecord) => boolean): Promise<LogRecord> {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = records().find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no such log line in:\n${lines.join('')}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}
