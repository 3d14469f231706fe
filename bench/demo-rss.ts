import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestContext } from '../test/harness.ts';
import { freePort, waitUntil } from '../test/wait.ts';
import { median } from './catalogue-fixture.ts';
import { productionEnv, rssMiB } from './process-rss.ts';

export interface DemoRssFigures {
  /** The demo web process (`npm start`: tsx, PGlite, jobs in process) idle after its first start. */
  firstStartMiB: number;
  /** The same, started again on the database and files the first start left. */
  restartMiB: number;
  /** Highest RSS sampled during the first start (seeding, image renditions, catalogue render). */
  firstStartPeakMiB: number;
}

const root = path.resolve(import.meta.dirname, '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The web process npm start's launcher spawned (Linux: its only child), the one measured. */
function serverOf(launcher: ChildProcess): number {
  const [child] = readFileSync(`/proc/${launcher.pid}/task/${launcher.pid}/children`, 'utf8').trim().split(/\s+/);
  if (!child) throw new Error('npm start has no web process');
  return Number(child);
}

/**
 * Waits until the process is idle in memory terms, then returns its median RSS over two seconds.
 * "Idle" is read from the process itself rather than a fixed wait: the first start renders images
 * and the catalogue in the background after it answers, so RSS is sampled every second until it
 * has moved by under 2 MiB over the last 15 s (or three minutes have passed).
 */
async function idleRss(pid: number, onSample: (mib: number) => void = () => {}): Promise<number> {
  const window: number[] = [];
  const deadline = Date.now() + 180_000;
  for (;;) {
    const mib = rssMiB(pid);
    onSample(mib);
    window.push(mib);
    if (window.length > 15) window.shift();
    if (window.length === 15 && Math.max(...window) - Math.min(...window) < 2) break;
    if (Date.now() > deadline) break;
    await sleep(1_000);
  }
  const samples: number[] = [];
  for (let i = 0; i < 20; i++, await sleep(100)) samples.push(rssMiB(pid));
  return median(samples);
}

interface Started {
  child: ChildProcess;
  output: () => string;
}

async function startAndWait(command: [string, ...string[]], env: NodeJS.ProcessEnv, baseUrl: string): Promise<Started> {
  let log = '';
  const child = spawn(command[0], command.slice(1), { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-8000)));
  child.stderr!.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-8000)));
  await waitUntil(
    async () => (await fetch(`${baseUrl}/readyz`)).ok,
    180_000,
    `${command.join(' ')} ready`,
    () => log,
  );
  return { child, output: () => log };
}

async function stop({ child }: Started): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * `npm start` as a visitor runs it (scripts/start.mjs with no services configured), twice on the
 * same VAR_DIR, each measured idle: no request after it became ready.
 */
export async function benchDemoRss(): Promise<DemoRssFigures> {
  const varDir = mkdtempSync(path.join(tmpdir(), 'nursery-demo-rss-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, VAR_DIR: varDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
  try {
    // The launcher spawns the web process; its own ~40 MB is a constant apart from the server's.
    const first = await startAndWait([process.execPath, 'scripts/start.mjs'], env, baseUrl);
    let firstStartPeakMiB = 0;
    const firstStartMiB = await idleRss(serverOf(first.child), (mib) => (firstStartPeakMiB = Math.max(firstStartPeakMiB, mib)));
    await stop(first);

    const second = await startAndWait([process.execPath, 'scripts/start.mjs'], env, baseUrl);
    const restartMiB = await idleRss(serverOf(second.child));
    await stop(second);
    return { firstStartMiB, restartMiB, firstStartPeakMiB };
  } finally {
    rmSync(varDir, { recursive: true, force: true });
  }
}

/**
 * The compiled production web process (`npm run build:server`, then `node dist/src/main.js`) on
 * this context's PostgreSQL and Redis, idle, for comparison in the same run.
 */
export async function benchCompiledRss(context: TestContext): Promise<number> {
  // Type errors are the typecheck's job.
  const build = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json', '--noCheck'], { cwd: root });
  if (build.status !== 0) throw new Error(`the server build failed:\n${build.stdout}${build.stderr}`);
  const { config } = context.deps;
  const port = await freePort();
  const compiled = await startAndWait(
    [process.execPath, 'dist/src/main.js'],
    { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', ...productionEnv(config) },
    `http://127.0.0.1:${port}`,
  );
  try {
    return await idleRss(compiled.child.pid!);
  } finally {
    await stop(compiled);
  }
}

// `npx tsx bench/demo-rss.ts`: these figures alone.
if (import.meta.filename === process.argv[1]) {
  const { default: setupTemplate } = await import('../test/global-setup.ts');
  const { createTestContext } = await import('../test/harness.ts');
  console.log(await benchDemoRss());
  await setupTemplate();
  const context = await createTestContext();
  try {
    console.log({ compiledMiB: await benchCompiledRss(context) });
  } finally {
    await context.close();
  }
}
