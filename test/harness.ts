import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../src/app.ts';
import type { Logger } from '../src/logger.ts';
import { loadConfig } from '../src/config.ts';
import { migrate } from '../src/db.ts';
import { createDeps, type Deps } from '../src/deps.ts';
import { createServices, type Services } from '../src/services.ts';
import { buildProcessors } from '../src/processors.ts';
import { startBullWorkers } from '../workers/runtime.ts';
import { databaseUrl, onServer, templateName } from './database.ts';
import { TestClient } from './http-client.ts';
import { startS3rver, type TestS3 } from './s3.ts';
import { startSmtpCapture } from './smtp.ts';

export interface TestContext {
  deps: Deps;
  services: Services;
  /** Starts BullMQ workers in this process for the given queues (Redis mode only). */
  startWorkers(queues?: string[]): void;
  /** The s3rver this context stores into (with `storage: 's3'`). */
  s3: TestS3 | undefined;
  close(): Promise<void>;
}

export interface TestOptions {
  /** Use Redis + BullMQ (default) or the in-process queue driver. */
  redis?: boolean;
  env?: Record<string, string>;
  /** A logger to capture log lines (default: silent). */
  log?: Logger;
  /** Embedded mode: PGlite in VAR_DIR/db (no DATABASE_URL), migrated here, instead of a PostgreSQL clone. */
  embedded?: boolean;
  /** Files in VAR_DIR/storage (default) or in a bucket of an s3rver started for this context. */
  storage?: 'local' | 's3';
}

/**
 * Real dependencies for one test file: its own PostgreSQL database cloned from the migrated
 * template, its own Redis key prefix, its own VAR_DIR. Mocks nothing.
 */
export async function createTestContext(options: TestOptions = {}): Promise<TestContext> {
  const id = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const name = `nursery_t_${id}`;
  if (!options.embedded) await onServer((db) => db.raw(`CREATE DATABASE "${name}" TEMPLATE "${templateName()}"`));
  const varDir = mkdtempSync(path.join(tmpdir(), 'nursery-test-'));
  const s3 = options.storage === 's3' ? await startS3rver() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_KEY: randomBytes(32).toString('base64'),
    DATABASE_URL: options.embedded ? '' : databaseUrl(name),
    REDIS_URL: options.redis === false ? '' : (process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'),
    REDIS_PREFIX: `nursery_test_${id}`,
    VAR_DIR: varDir,
    CATALOGUE_RENDER_DELAY_MS: '200',
    TRUST_PROXY: 'true',
    ...s3?.env,
    ...options.env,
  });
  const deps = createDeps(config, { log: options.log });
  if (options.embedded) await migrate(deps.db);
  const services = createServices(deps);
  const processors = buildProcessors(deps, services);
  deps.queue.bind(processors);
  const closers: (() => Promise<void>)[] = [];

  return {
    deps,
    services,
    s3,
    startWorkers(queues) {
      const workers = startBullWorkers(deps, processors, queues);
      closers.push(() => workers.close());
    },
    async close() {
      for (const close of closers.reverse()) await close();
      if (deps.redis) {
        const keys = await deps.redis.keys(`${config.redisPrefix}*`);
        if (keys.length) await deps.redis.del(...keys);
      }
      await deps.close();
      if (!options.embedded) await onServer((db) => db.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      rmSync(varDir, { recursive: true, force: true });
      await s3?.close();
    },
  };
}

/** A listening server on a free port plus a cookie-keeping client for it. */
export async function startTestServer(context: TestContext) {
  const app = createApp(context.deps, context.services);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    client: () => new TestClient(baseUrl),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The setup most route tests share: a capturing SMTP server, a test context that mails through it
 * with BullMQ mail workers (unless `mailWorkers: false`: then the test starts them), a listening server, and `visitor()` — a fresh client from an IP of its
 * own, so per-IP rate limits in one test never touch another.
 */
export async function startMailingApp(options: TestOptions & { mailWorkers?: boolean } = {}) {
  const smtp = await startSmtpCapture();
  const context = await createTestContext({ ...options, env: { SMTP_URL: smtp.url, ...options.env } });
  if (options.mailWorkers !== false) context.startWorkers(['mail', 'account-mail']);
  const server = await startTestServer(context);
  let visitors = 0;
  return {
    smtp,
    context,
    server,
    visitor() {
      const client = server.client();
      visitors++;
      client.ip = `10.${(visitors >> 8) & 255}.${visitors & 255}.1`;
      return client;
    },
    async close() {
      await server.close();
      await context.close();
      await smtp.close();
    },
  };
}
export type MailingApp = Awaited<ReturnType<typeof startMailingApp>>;
