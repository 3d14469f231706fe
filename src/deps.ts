import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { bindModels, createDb, type Db } from './db.ts';
import { contentRevision, type ContentRevision } from './content-revision.ts';
import { createEventLog, type EventLog } from './events.ts';
import { limiterFactory, type LimiterFactory } from './limiters.ts';
import { createLogger, type Logger } from './logger.ts';
import { createMailer, type Mailer } from './mail/transport.ts';
import { createMetrics, type Metrics } from './metrics/registry.ts';
import { registerScrapeGauges } from './metrics/scrape-gauges.ts';
import { createRelay, type Relay } from './outbox/relay.ts';
import { createBullQueue, createInlineQueue, type JobQueue } from './queue.ts';
import { createStorage } from './storage/index.ts';
import type { Storage } from './storage/types.ts';
import path from 'node:path';
import { housekeepingSchedules } from './housekeeping.ts';
import { jobsFor } from './subscribers.ts';
import { mailsFor } from './mail/owed.ts';

/** Everything a route, service or job processor may need; built once per process and passed in. */
export interface Deps {
  config: Config;
  db: Db;
  log: Logger;
  queue: JobQueue;
  storage: Storage;
  mailer: Mailer;
  /** Records domain events in the outbox, in the caller's transaction. */
  events: EventLog;
  /** Publishes recorded events to the queue (kicked after each commit). */
  relay: Relay;
  /** The content revision every process reads, for caches an edit anywhere must invalidate. */
  contentRevision: ContentRevision;
  limiters: LimiterFactory;
  /** This process's Prometheus metrics, served by METRICS_PORT / WORKER_METRICS_PORT when set. */
  metrics: Metrics;
  /** Present when REDIS_URL is set. */
  redis: Redis | undefined;
  /** The time for schedules stored in rows (outbox backoff, processing deadlines); tests replace it. */
  now(): Date;
  /** Resolves once no event is waiting to be published and no in-process job is running (tests, seeding). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/** Builds the process's dependencies. Nothing here connects eagerly except Redis. */
export function createDeps(config: Config, options: { name?: string; log?: Logger } = {}): Deps {
  const log = options.log ?? createLogger(config.logLevel, options.name ?? 'web');
  const db = createDb(config);
  bindModels(db);
  // The producer fails fast; workers create their own blocking connections (maxRetriesPerRequest: null).
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: true }) : undefined;
  // While Redis is down the limiters fall back to memory and the relay retries; say so at debug,
  // not as an unhandled error event on every reconnect attempt.
  redis?.on('error', (err: unknown) => log.debug({ err }, 'redis connection error'));
  const queue = config.redisUrl
    ? createBullQueue({ url: config.redisUrl, maxRetriesPerRequest: 1 }, config.redisPrefix)
    : createInlineQueue(log, config.queueConcurrency);
  const storage = createStorage(config.storage, { tmpDir: path.join(config.varDir, 'tmp') });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    replyTo: config.salesEmail,
    varDir: config.varDir,
    log,
    maxConnections: config.smtpMaxConnections,
  });
  const relay = createRelay({
    db,
    queue,
    log,
    jobsFor: (event) => jobsFor(event, config),
    // A Redis that restarted empty has forgotten the job schedulers too: put them back.
    onRecovered: () => {
      if (queue.driver === 'bullmq')
        queue.schedule(housekeepingSchedules).catch((err: unknown) => log.warn({ err }, 'could not restore job schedulers'));
    },
  });
  const events = createEventLog({ afterCommit: () => relay.kick(), mailsFor });
  const metrics = createMetrics();
  registerScrapeGauges(metrics.registry, { queue, db, log });
  return {
    config,
    db,
    log,
    queue,
    storage,
    mailer,
    events,
    relay,
    contentRevision: contentRevision(db),
    limiters: limiterFactory(redis, config.redisPrefix),
    metrics,
    redis,
    now: () => new Date(),
    async settle() {
      // Jobs record events and events start jobs: go round until both are quiet.
      for (;;) {
        await relay.idle();
        await queue.drain();
        const unpublished = await db('events').whereNull('published_at').first('id');
        if (!unpublished) return;
        await relay.publishPending();
      }
    },
    async close() {
      relay.stop();
      await relay.idle();
      await queue.close();
      mailer.close();
      redis?.disconnect();
      await db.destroy();
    },
  };
}
