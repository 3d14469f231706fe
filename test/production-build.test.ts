import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { Redis } from 'ioredis';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../src/db.ts';
import { databaseUrl, onServer } from './database.ts';
import { freePort } from './wait.ts';

const root = path.resolve(import.meta.dirname, '..');
const id = `${process.pid}_${randomBytes(4).toString('hex')}`;
// A folder laid out like the image's /app: package.json, a production install (`npm ci --omit=dev`),
// the compiled server in dist/ and the built web app in web/dist. Nothing resolves from the checkout.
const app = mkdtempSync(path.join(tmpdir(), 'nursery-prod-'));
const out = path.join(app, 'dist');
const dbName = `nursery_t_build_${id}`;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisPrefix = `nursery_test_build_${id}`;

/** Every .js file under a folder. */
function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The package a bare specifier names: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** A compiled process of the production image, its output collected line by line. */
function startCompiled(entry: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(out, entry)], {
    cwd: app,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
  child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
  return { child, output: () => output };
}

/** Polls until `check` holds; fails with the process's output if it exits first or after 20 s. */
async function until(check: () => Promise<boolean> | boolean, what: string, proc: ReturnType<typeof startCompiled>) {
  const deadline = Date.now() + 20_000;
  while (
    !(await Promise.resolve()
      .then(check)
      .catch(() => false))
  ) {
    const ended = proc.child.exitCode !== null ? `it exited with ${proc.child.exitCode}` : Date.now() > deadline ? 'timed out' : '';
    if (ended) throw new Error(`waiting for ${what}: ${ended}; output:\n${proc.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const PRODUCTION_INSTALL = 'npm pkg delete devDependencies && npm ci --omit=dev';

/** package.json as the Dockerfile's production-deps stage installs it: without devDependencies. */
function productionManifest() {
  const { devDependencies: _, ...manifest } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  return manifest;
}

/** Runs a command to completion; throws with its output if it fails. */
function run(command: string, args: string[], cwd: string) {
  // Not the npm_config_* that `npm test` passes down: the install is the Dockerfile's, not this run's.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));

describe('the production build (npm run build:server)', () => {
  const children: ChildProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    // The Dockerfile's production-deps stage: the lock's production dependencies only.
    copyFileSync(path.join(root, 'package-lock.json'), path.join(app, 'package-lock.json'));
    writeFileSync(path.join(app, 'package.json'), JSON.stringify(productionManifest()));
    run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], app);
    // The same configuration as `npm run build:server`; type errors are the typecheck step's job.
    run(
      process.execPath,
      [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--outDir', out, '--noCheck'],
      root,
    );
    // The web app and its server-render bundle, as `npm test` builds them before this file runs.
    if (!existsSync(path.join(root, 'web/dist/index.html')))
      run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], root);
    cpSync(path.join(root, 'web/dist'), path.join(app, 'web/dist'), { recursive: true });
    // Empty, not cloned from the migrated template: the compiled migrations must run.
    await onServer((db) => db.raw(`CREATE DATABASE "${dbName}"`));
    env = {
      NODE_ENV: 'production',
      APP_KEY: randomBytes(32).toString('base64'),
      DATABASE_URL: databaseUrl(dbName),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      VAR_DIR: mkdtempSync(path.join(tmpdir(), 'nursery-build-')),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    };
  }, 240_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await Promise.all(children.map(exited));
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await onServer((db) => db.raw(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`));
    if (env) rmSync(env.VAR_DIR!, { recursive: true, force: true });
    rmSync(app, { recursive: true, force: true });
  });

  it('imports only production dependencies, so `npm ci --omit=dev` keeps everything it needs', () => {
    const { dependencies } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    // TypeScript's own scanner: static, re-exported and dynamic imports, nothing inside strings.
    const specifiers = jsFiles(out).flatMap((file) =>
      ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName),
    );
    const bare = [...new Set(specifiers.filter((s) => !s.startsWith('.') && !isBuiltin(s)).map(packageOf))].sort();
    expect(bare).toContain('koa'); // the scan sees the imports at all
    expect(bare.filter((name) => !(name in dependencies))).toEqual([]);
    // Relative imports point at the compiled files, not at the TypeScript sources.
    expect(specifiers.filter((s) => s.startsWith('.') && s.endsWith('.ts'))).toEqual([]);
  });

  it('ships no test helper: the build holds nothing from test/ or e2e/', () => {
    // tsc compiles whatever the included folders import, so a production import of a test helper
    // would put test/ into dist/ (as seeds/run.ts → test/factories.ts once did).
    const top = readdirSync(out);
    expect(top).toContain('seeds'); // the listing is of the build at all
    expect(top.filter((name) => name === 'test' || name === 'e2e')).toEqual([]);
  });

  it('loads only production dependencies from the server-render bundle, CKEditor only in the admin editor', () => {
    const { dependencies } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const outside = jsFiles(path.join(app, 'web/dist/ssr')).flatMap((file) =>
      ts
        .preProcessFile(readFileSync(file, 'utf8'), true, true)
        .importedFiles.map((f) => f.fileName)
        .filter((s) => !s.startsWith('.') && !isBuiltin(s) && !(packageOf(s) in dependencies))
        .map((s) => `${path.basename(file).replace(/-[\w-]{8}\.js$/, '')} → ${packageOf(s)}`),
    );
    // Vite leaves node_modules imports to Node at run time. CKEditor (a devDependency, ~120 MB) is
    // imported only by the rich-text editor's chunk, which only admin screens load, and the server
    // never renders those (src/ssr/paths.ts): its import is never evaluated in production.
    expect([...new Set(outside)].sort()).toEqual(['rich-text-editor → @ckeditor/ckeditor5-react', 'rich-text-editor → ckeditor5']);
  });

  it('installs no build or test tools in production, as the Dockerfile does', () => {
    expect(dockerfile).toContain(PRODUCTION_INSTALL);
    const installed = (name: string) => existsSync(path.join(app, 'node_modules', name, 'package.json'));
    expect(installed('koa')).toBe(true); // the install is there at all
    const tools = [
      'tsx',
      'typescript',
      'esbuild',
      'vite',
      'vitest',
      'eslint',
      '@babel/core',
      '@types/react',
      'ckeditor5',
      '@ckeditor/ckeditor5-react',
      '@types/koa-send',
    ];
    expect(tools.filter(installed)).toEqual([]);
  });

  it('starts the compiled web process on an empty database: migrates, seeds nothing, serves and logs JSON', async () => {
    const port = await freePort();
    const web = startCompiled('src/main.js', { ...env, PORT: String(port), APP_URL: `http://127.0.0.1:${port}` });
    children.push(web.child);
    await until(async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok, 'the compiled web process to be ready', web);

    const response = await fetch(`http://127.0.0.1:${port}/api/site`, { headers: { 'x-request-id': 'build-check-1' } });
    expect(response.status).toBe(200);
    // A public page is rendered on the server by web/dist/ssr with the production install alone.
    const page = await fetch(`http://127.0.0.1:${port}/about`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    expect(html).not.toContain('<div id="root"></div>');
    await until(() => web.output().includes('"requestId":"build-check-1"'), 'the access line', web);

    const db = knexFactory({ client: 'pg', connection: env.DATABASE_URL, pool: { min: 0, max: 1 } });
    try {
      const sources = readdirSync(migrationsDir)
        .filter((file) => file.endsWith('.ts'))
        .sort();
      // The compiled migrations ran and are recorded under their source names.
      expect(await db('knex_migrations').orderBy('id').pluck('name')).toEqual(sources);
      // A production database is seeded only by `npm run seed`, never by the web process.
      expect(Number((await db('widgets').count({ n: '*' }).first())?.n)).toBe(0);
    } finally {
      await db.destroy();
    }
    const lines = web.output().trim().split('\n');
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow(); // no terminal: JSON
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toContain('database migrated');

    web.child.kill('SIGTERM');
    expect(await exited(web.child)).toBe(0);
  });

  it('runs the compiled migrate CLI and worker process', async () => {
    const migrate = spawnSync(process.execPath, [path.join(out, 'src/cli/migrate.js')], {
      cwd: app,
      env: { PATH: process.env.PATH ?? '', ...env },
      encoding: 'utf8',
    });
    expect(migrate.stderr).toBe('');
    expect(migrate.status).toBe(0);

    const worker = startCompiled('workers/main.js', env);
    children.push(worker.child);
    await until(() => worker.output().includes('"msg":"workers started"'), 'the compiled worker to start', worker);
    worker.child.kill('SIGTERM');
    expect(await exited(worker.child)).toBe(0);
  });
});
