import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { TestProject } from 'vitest/node';
import { databaseUrl, onServer, templateName } from '../test/database.ts';
import { startSmtpCapture } from '../test/smtp.ts';
import { freePort, waitUntil } from '../test/wait.ts';

const root = path.resolve(import.meta.dirname, '..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    mailDir: string;
  }
}

/**
 * Runs the production topology once for the whole e2e suite: the web process and the worker
 * process (real entry points) on a fresh PostgreSQL database, Redis and a capturing SMTP server
 * whose messages land as JSON files in `mailDir` for the specs to read.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(root, 'web/dist/index.html'))) {
    const build = spawnSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
      { cwd: root, stdio: 'inherit' },
    );
    if (build.status !== 0) throw new Error('web build failed');
  }
  const id = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const dbName = `nursery_t_e2e_${id}`;
  await onServer((db) => db.raw(`CREATE DATABASE "${dbName}" TEMPLATE "${templateName()}"`));
  const varDir = mkdtempSync(path.join(tmpdir(), 'nursery-e2e-'));
  const mailDir = path.join(varDir, 'captured-mail');
  mkdirSync(mailDir, { recursive: true });

  const smtp = await startSmtpCapture();
  let written = 0;
  const mailTimer = setInterval(() => {
    while (written < smtp.messages.length) {
      const message = smtp.messages[written]!;
      // Written aside and renamed: a spec polling the folder never reads a half-written file.
      const file = path.join(mailDir, `${String(written).padStart(5, '0')}.json`);
      writeFileSync(`${file}.part`, JSON.stringify(message));
      renameSync(`${file}.part`, file);
      written++;
    }
  }, 50);

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const redisPrefix = `nursery_test_e2e_${id}`;
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: baseUrl,
    APP_KEY: randomBytes(32).toString('base64'),
    DATABASE_URL: databaseUrl(dbName),
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: redisPrefix,
    SMTP_URL: smtp.url,
    VAR_DIR: varDir,
    LOG_LEVEL: 'warn',
    CATALOGUE_RENDER_DELAY_MS: '300',
  };
  const children: ChildProcess[] = [];
  const start = (entry: string) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
    children.push(child);
    return child;
  };
  start('workers/main.ts');
  // With DATABASE_URL the web process seeds nothing: the demo content comes from `npm run seed`,
  // as in production. Its image and catalogue jobs go to the worker started above.
  const seeding = start('src/cli/seed.ts');
  const seeded = await new Promise<number | null>((resolve) => seeding.once('exit', resolve));
  if (seeded !== 0) throw new Error(`e2e setup: npm run seed exited with ${seeded}`);
  start('src/main.ts');

  await waitUntil(async () => (await fetch(`${baseUrl}/readyz`)).ok, 60_000, 'web process ready');
  // Seeded banners are rendered by the worker; the catalogue files too. Specs need both.
  await waitUntil(
    async () => {
      const gallery = (await (await fetch(`${baseUrl}/api/galleries/3`)).json()) as { images: unknown[] };
      const downloads = (await (await fetch(`${baseUrl}/api/catalogue/downloads`)).json()) as { pdf: unknown; xlsx: unknown };
      return gallery.images.length > 0 && Boolean(downloads.pdf && downloads.xlsx);
    },
    180_000,
    'seeded images and catalogue downloads',
  );

  project.provide('baseUrl', baseUrl);
  project.provide('databaseUrl', databaseUrl(dbName));
  project.provide('mailDir', mailDir);

  return async () => {
    clearInterval(mailTimer);
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((resolve) => (c.exitCode !== null ? resolve(null) : c.once('exit', resolve)))));
    await smtp.close();
    const redis = new Redis(env.REDIS_URL);
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await onServer((db) => db.raw(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`));
    rmSync(varDir, { recursive: true, force: true });
  };
}
