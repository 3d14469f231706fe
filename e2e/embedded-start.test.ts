import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processTree } from '../test/process-tree.ts';
import { freePort, waitUntil } from '../test/wait.ts';

const root = path.resolve(import.meta.dirname, '..');
const varDir = mkdtempSync(path.join(tmpdir(), 'nursery-embedded-'));
let child: ReturnType<typeof spawn> | undefined;
let output = '';
let env: Record<string, string>;
let base: string;
/** The answer to the first request, sent the moment the site logged that it listens. */
let firstHome: { status: number; html: string };

/** A machine with no services: no DATABASE_URL, REDIS_URL or SMTP_URL, whatever the runner has. */
const embeddedEnv = (port: number, logLevel: string) => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  PORT: String(port),
  VAR_DIR: varDir,
  LOG_LEVEL: logLevel,
});
const metaContent = (html: string, attribute: string, key: string) =>
  html.match(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`))?.[1];
const slideCount = (html: string) => html.match(/aria-roledescription="slide"/g)?.length ?? 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Runs a command to its end without blocking this process (a spawnSync would starve fetch's sockets). */
const run = (args: string[], commandEnv: Record<string, string>) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const command = spawn(process.execPath, args, { cwd: root, env: commandEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    command.stdout.on('data', (d) => (stdout += d));
    command.stderr.on('data', (d) => (stderr += d));
    command.once('exit', (status) => resolve({ status, stdout, stderr }));
  });
/** Every file under `dir` with its size and modification time: equal snapshots, nothing written. */
const snapshot = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .map((name) => [name, statSync(path.join(dir, name))] as const)
      .filter(([, info]) => info.isFile())
      .map(([name, info]) => [name, `${info.size}:${info.mtimeMs}`]),
  );

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  env = embeddedEnv(port, 'info');
  child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr!.on('data', (d) => (output += d));
  firstHome = await new Promise((resolve, reject) => {
    let asked = false;
    child!.stdout!.on('data', (d) => {
      output += d;
      if (asked || !output.includes('site listening on')) return;
      asked = true;
      fetch(`${base}/`).then(async (response) => resolve({ status: response.status, html: await response.text() }), reject);
    });
    child!.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
}, 600_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    for (const pid of processTree(child.pid!)) process.kill(pid, 'SIGCONT'); // should a test have left it stopped
    child.kill('SIGTERM');
    await new Promise((resolve) => child!.once('exit', resolve));
  }
  rmSync(varDir, { recursive: true, force: true });
});

describe('npm start on a machine with no services', () => {
  it('answers the first request after "listening" with the home banner slides and a share image', () => {
    expect(firstHome.status).toBe(200);
    expect(slideCount(firstHome.html)).toBeGreaterThan(0);
    // The home banner's first slide, not the fallback a page gets while no slide is ready.
    expect(metaContent(firstHome.html, 'property', 'og:image')).toMatch(/\/galleries\/3\/.+\.jpe?g$/);
  });

  it('serves its demo content from the start, using PGlite and in-process jobs', async () => {
    const [widget, catalogue, downloads] = await Promise.all([
      fetch(`${base}/api/widgets/HomeText`).then((r) => r.json() as Promise<{ html?: string }>),
      fetch(`${base}/api/catalogue?limit=1`).then((r) => r.json() as Promise<{ total?: number }>),
      fetch(`${base}/api/catalogue/downloads`).then((r) => r.json() as Promise<{ pdf: unknown; xlsx: unknown }>),
    ]);
    expect(widget.html?.length).toBeGreaterThan(100);
    expect(catalogue.total).toBeGreaterThanOrEqual(300);
    // The in-process worker rendered the catalogue downloads without Redis, before "listening".
    expect(downloads.pdf).not.toBeNull();
    expect(downloads.xlsx).not.toBeNull();
    for (const page of ['/about', '/shows']) {
      const html = await (await fetch(`${base}${page}`)).text();
      expect(slideCount(html), page).toBeGreaterThan(0);
    }
    expect(existsSync(path.join(varDir, 'db'))).toBe(true);
    expect(existsSync(path.join(varDir, 'app-key'))).toBe(true);
  });

  it('writes an enquiry as an .eml file without SMTP_URL', async () => {
    const csrf = await fetch(`${base}/sanctum/csrf-cookie`);
    const token = csrf.headers
      .getSetCookie()
      .find((c) => c.startsWith('XSRF-TOKEN='))!
      .split(';')[0]!
      .slice('XSRF-TOKEN='.length);
    const sent = await fetch(`${base}/api/contact`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        cookie: `XSRF-TOKEN=${token}`,
        'x-xsrf-token': decodeURIComponent(token),
      },
      body: JSON.stringify({ name: 'Embedded', telephone: '01233 555 000', email: 'e@example.com', message: 'Hello' }),
    });
    expect(sent.status).toBe(201);
    const mailDir = path.join(varDir, 'mail');
    const mails = () => (existsSync(mailDir) ? readdirSync(mailDir).filter((f) => f.endsWith('.eml')) : []);
    await waitUntil(
      async () => mails().length === 1,
      30_000,
      'the enquiry written as a mail file',
      () => output,
    );
  });

  it('refuses a second npm start on the same VAR_DIR, naming the folder, and the site is unharmed', async () => {
    // A second start would open its own copy of the database.
    const refused = await run(['scripts/start.mjs'], { ...env, PORT: String(await freePort()), LOG_LEVEL: 'warn' });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`The site is running on ${varDir}`);
    expect(refused.stderr).toContain('stop it first.');
    expect(child!.exitCode).toBeNull();
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    expect(((await (await fetch(`${base}/api/catalogue?limit=1`)).json()) as { total: number }).total).toBeGreaterThanOrEqual(300);
  });

  /** How long the site is stopped, as the check did; the old lock counted as stale after 10 s. */
  const STOPPED_MS = 30_000;
  const PAST_OLD_STALE_MS = 15_000;

  it('keeps its database while stopped (SIGSTOP) for 30 s: user:create is refused and writes nothing; after SIGCONT it serves on', async () => {
    const site = processTree(child!.pid!); // npm start's node and the web process it runs
    const dbDir = path.join(varDir, 'db');
    const before = snapshot(dbDir);
    const stoppedAt = performance.now();
    for (const pid of site) process.kill(pid, 'SIGSTOP');
    try {
      await sleep(PAST_OLD_STALE_MS); // a timer-refreshed lock would be up for grabs by now
      const created = await run(
        ['--import', 'tsx', 'src/cli/user-create.ts', '--email', 'stopped@example.com', '--firstname', 'Pat', '--lastname', 'Grower'],
        { ...env, LOG_LEVEL: 'silent' },
      );
      expect(created.stderr).toContain(`The site is running on ${varDir} (process `);
      expect(created.stderr).toContain('; stop it first, or add the user in Admin → Users.');
      expect(created.status).toBe(1);
      expect(created.stdout).not.toContain('Created');
      expect(snapshot(dbDir)).toEqual(before);
      await sleep(Math.max(0, STOPPED_MS - (performance.now() - stoppedAt)));
    } finally {
      for (const pid of site) process.kill(pid, 'SIGCONT');
    }
    // Idle keep-alive sockets from before the stop may be closed under the first request: ask again.
    await waitUntil(
      async () => (await fetch(`${base}/readyz`)).status === 200,
      30_000,
      'the site to serve after SIGCONT',
      () => output,
    );
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(slideCount(await home.text())).toBeGreaterThan(0);
    expect(child!.exitCode).toBeNull();
    expect(output).not.toContain('Lost the lock');
  }, 120_000);
});
