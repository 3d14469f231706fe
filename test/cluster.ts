import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { Redis } from 'ioredis';
import { databaseUrl, onServer, templateName } from './database.ts';
import { startS3rver, type TestS3 } from './s3.ts';
import { startSmtpCapture, type SmtpCapture } from './smtp.ts';
import { freePort, waitUntil } from './wait.ts';

const root = path.resolve(import.meta.dirname, '..');

/** One spawned process of the cluster (the real entry point, run by tsx). */
export interface ClusterProcess {
  readonly name: string;
  readonly baseUrl: string;
  readonly varDir: string;
  /** The live child; replaced by `start()`. */
  child: ChildProcess;
  /** Starts the process again (after a kill) with the same settings; resolves when it is ready. */
  start(): Promise<void>;
  /** Sends a signal and resolves with the exit code once the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Everything it wrote to stdout and stderr. */
  output(): string;
}

export interface Cluster {
  webs: ClusterProcess[];
  workers: ClusterProcess[];
  smtp: SmtpCapture;
  /** The bucket every process stores its files in. */
  s3: TestS3;
  /** The cluster's database, for assertions. */
  db: Knex;
  /** A Redis connection to the cluster's Redis (own key prefix). */
  redis: Redis;
  redisPrefix: string;
  close(): Promise<void>;
}

export interface ClusterOptions {
  webs?: number;
  workers?: number;
  /** Settings for every process (e.g. WORKER_LOCK_MS, CONTACT_PER_MINUTE). */
  env?: Record<string, string>;
  /** Arguments of each worker, e.g. `['--queues', 'images']`. */
  workerArgs?: string[][];
}

/**
 * The production topology with no shared disk: web and worker processes (the real entry points),
 * each with its own VAR_DIR, on one PostgreSQL database (cloned from the migrated template), one
 * Redis (own key prefix), one s3rver bucket and one capturing SMTP server. The only things the
 * processes share are those three services, as on separate hosts.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const id = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const dbName = `nursery_t_cluster_${id}`;
  await onServer((db) => db.raw(`CREATE DATABASE "${dbName}" TEMPLATE "${templateName()}"`));
  const [s3, smtp] = await Promise.all([startS3rver(), startSmtpCapture()]);
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisPrefix = `nursery_test_cluster_${id}`;
  const appKey = randomBytes(32).toString('base64');
  const dirs: string[] = [];

  const spawnProcess = async (name: string, entry: string, args: string[], web: boolean): Promise<ClusterProcess> => {
    const varDir = mkdtempSync(path.join(tmpdir(), `nursery-${name}-`));
    dirs.push(varDir);
    const port = web ? await freePort() : 0;
    const baseUrl = `http://127.0.0.1:${port}`;
    let log = '';
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      // Every web process answers for the same site; links in mails use the first one.
      APP_URL: baseUrl,
      APP_KEY: appKey,
      DATABASE_URL: databaseUrl(dbName),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      SMTP_URL: smtp.url,
      ...s3.env,
      VAR_DIR: varDir,
      // A worker says it is ready at info level; web processes are probed over HTTP instead.
      LOG_LEVEL: web ? 'warn' : 'info',
      CATALOGUE_RENDER_DELAY_MS: '200',
      ...options.env,
    };
    const proc: ClusterProcess = {
      name,
      baseUrl,
      varDir,
      child: undefined as unknown as ChildProcess,
      async start() {
        const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
        child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
        proc.child = child;
        if (web)
          await waitUntil(
            async () => (await fetch(`${baseUrl}/readyz`)).ok,
            90_000,
            `${name} ready`,
            () => log,
          );
        else
          await waitUntil(
            async () => /workers started/.test(log),
            90_000,
            `${name} started`,
            () => log,
          );
      },
      stop(signal = 'SIGTERM') {
        const child = proc.child;
        if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
        return new Promise((resolve) => {
          child.once('exit', (code) => resolve(code));
          child.kill(signal);
        });
      },
      output: () => log,
    };
    return proc;
  };

  const webs = await Promise.all(
    Array.from({ length: options.webs ?? 2 }, (_, i) => spawnProcess(`web${'AB'[i] ?? i}`, 'src/main.ts', [], true)),
  );
  const workers = await Promise.all(
    Array.from({ length: options.workers ?? 2 }, (_, i) =>
      spawnProcess(`worker${i + 1}`, 'workers/main.ts', options.workerArgs?.[i] ?? [], false),
    ),
  );
  // Web processes first: the first migrates nothing (the template is migrated) and both must
  // be able to start at once.
  await Promise.all(webs.map((w) => w.start()));
  await Promise.all(workers.map((w) => w.start()));

  const db = knexFactory({ client: 'pg', connection: databaseUrl(dbName), pool: { min: 0, max: 4 } });
  const redis = new Redis(redisUrl);
  return {
    webs,
    workers,
    smtp,
    s3,
    db,
    redis,
    redisPrefix,
    async close() {
      await Promise.all([...webs, ...workers].map((p) => p.stop('SIGTERM')));
      await db.destroy();
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      await Promise.all([s3.close(), smtp.close()]);
      await onServer((pg) => pg.raw(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`));
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}
