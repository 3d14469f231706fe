import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { bindModels, createDb, type Db } from './db.ts';
import { EventBus } from './events.ts';
import { limiterFactory, type LimiterFactory } from './http/rate-limit.ts';
import { createLogger, type Logger } from './logger.ts';
import { createMailer, type Mailer } from './mail/transport.ts';
import { createBullQueue, createInlineQueue, type JobQueue } from './queue.ts';
import { createLocalStorage, type Storage } from './storage.ts';
import path from 'node:path';

/** Everything a route, service or job processor may need; built once per process and passed in. */
export interface Deps {
  config: Config;
  db: Db;
  log: Logger;
  queue: JobQueue;
  storage: Storage;
  mailer: Mailer;
  events: EventBus;
  limiters: LimiterFactory;
  /** Present when REDIS_URL is set. */
  redis: Redis | undefined;
  /** The time for schedules stored in rows (outbox backoff, processing deadlines); tests replace it. */
  now(): Date;
  close(): Promise<void>;
}

/** Builds the process's dependencies. Nothing here connects eagerly except Redis. */
export function createDeps(config: Config, options: { name?: string; log?: Logger } = {}): Deps {
  const log = options.log ?? createLogger(config.logLevel, options.name ?? 'web');
  const db = createDb(config);
  bindModels(db);
  // The producer fails fast; workers create their own blocking connections (maxRetriesPerRequest: null).
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: true }) : undefined;
  const queue = config.redisUrl
    ? createBullQueue({ url: config.redisUrl, maxRetriesPerRequest: 1 }, config.redisPrefix)
    : createInlineQueue(log, { concurrency: config.workerConcurrency });
  const storage = createLocalStorage(path.join(config.varDir, 'storage'));
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, varDir: config.varDir, log, maxConnections: config.smtpMaxConnections });
  const events = new EventBus();
  return {
    config,
    db,
    log,
    queue,
    storage,
    mailer,
    events,
    limiters: limiterFactory(redis, config.redisPrefix),
    redis,
    now: () => new Date(),
    async close() {
      await queue.close();
      mailer.close();
      redis?.disconnect();
      await db.destroy();
    },
  };
}
