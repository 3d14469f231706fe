import { readFileSync } from 'node:fs';
import type { Config } from '../src/config.ts';

/** Resident memory of a process, from /proc (Linux), in MiB; 0 once it has gone. */
export function rssMiB(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
  } catch {
    return 0;
  }
}

/**
 * The environment of a production-shaped process (web or worker) on a test context's database,
 * Redis prefix and files, logging warnings only, so its memory is measured without a terminal's
 * pretty-printer in it.
 */
export function productionEnv(config: Config): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    APP_KEY: config.appKey.toString('base64'),
    DATABASE_URL: config.databaseUrl,
    REDIS_URL: config.redisUrl,
    REDIS_PREFIX: config.redisPrefix,
    VAR_DIR: config.varDir,
  };
}
