import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { TestClient } from './http-client.ts';
import { commandLine, isRunning, processTree } from './process-tree.ts';
import { startSmtpCapture, type SmtpCapture } from './smtp.ts';
import { freePort, waitUntil } from './wait.ts';

/**
 * SIGTERM to the pid of `npm run serve` / `npm run worker`, as an operator or a process manager
 * sends it, must reach the node process that drains: the work under way finishes, the process
 * logs "stopped", and nothing of the tree npm started is left running. npm forwards the signal to
 * the shell it runs the script in, so the script must exec node itself (no tsx CLI in between).
 */
const root = path.resolve(import.meta.dirname, '..');
/** How long the whole tree may take to stop after SIGTERM (the issue's bound). */
const STOP_WITHIN_MS = 15_000;
/** Starting through npm and tsx is slow on a busy 2-core machine. */
const START_WITHIN_MS = 90_000;

interface NpmRun {
  npm: ChildProcess;
  output(): string;
}

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** `npm run <script> [-- args]` with the test's settings; on cleanup every process it started is killed. */
function npmRun(script: string, args: string[], env: Record<string, string>): NpmRun {
  let log = '';
  const npm = spawn('npm', ['run', script, ...(args.length ? ['--', ...args] : [])], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  npm.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  npm.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const seen = new Set<number>();
  const remember = setInterval(() => processTree(npm.pid!).forEach((pid) => seen.add(pid)), 200);
  cleanups.push(() => {
    clearInterval(remember);
    // Whatever the test left running (it failed, or the old scripts left node orphaned): kill it.
    for (const pid of seen) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
  });
  return { npm, output: () => log };
}

/** Settings every spawned process gets: its own VAR_DIR, the context's database and Redis prefix. */
function processEnv(context: TestContext, extra: Record<string, string>): Record<string, string> {
  const varDir = mkdtempSync(path.join(tmpdir(), 'nursery-signals-'));
  cleanups.push(() => rmSync(varDir, { recursive: true, force: true }));
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: context.deps.config.databaseUrl!,
    REDIS_URL: context.deps.config.redisUrl!,
    REDIS_PREFIX: context.deps.config.redisPrefix,
    VAR_DIR: varDir,
    ...extra,
  };
}

/**
 * Sends SIGTERM to npm and returns a promise that resolves once every process of the tree is gone,
 * or rejects naming those still running after STOP_WITHIN_MS.
 */
function terminate(run: NpmRun): Promise<void> {
  const tree = processTree(run.npm.pid!);
  expect(tree.length, 'npm and the node process it started').toBeGreaterThanOrEqual(2);
  run.npm.kill('SIGTERM');
  const left = () => tree.filter(isRunning);
  return waitUntil(
    async () => left().length === 0,
    STOP_WITHIN_MS,
    'every process of the tree to exit',
    () =>
      [
        `still running: ${left()
          .map((pid) => `${pid} ${commandLine(pid)}`)
          .join('; ')}`,
        run.output(),
      ].join('\n'),
  );
}

/** Waits for a log line (pino JSON) whose message starts with `message`. */
const logged = (run: NpmRun, message: string, timeoutMs = STOP_WITHIN_MS) =>
  waitUntil(async () => run.output().includes(`"msg":"${message}`), timeoutMs, `log line "${message}"`, run.output);

describe('SIGTERM to the npm pid', () => {
  it('`npm run serve` answers the request under way, logs "stopped" and leaves no process behind', async () => {
    const context = await createTestContext();
    cleanups.push(() => context.close());
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const run = npmRun(
      'serve',
      [],
      processEnv(context, { PORT: String(port), HOST: '127.0.0.1', APP_URL: baseUrl, APP_KEY: randomBytes(32).toString('base64') }),
    );
    await waitUntil(async () => (await fetch(`${baseUrl}/readyz`)).ok, START_WITHIN_MS, 'the web process to be ready', run.output);

    // An enquiry whose body the client has not sent yet. `Expect: 100-continue` makes the server
    // say when it has read the headers and handed the request to the app: from then on it is under way.
    const client = await new TestClient(baseUrl).csrf();
    const token = client.cookies.get('XSRF-TOKEN')!;
    const body = JSON.stringify({
      name: 'Signal Enquiry',
      email: 'signal@example.com',
      telephone: '01233 000000',
      message: 'Hedging, please',
    });
    const socket = connect(port, '127.0.0.1') as Socket & { received: string };
    socket.received = '';
    socket.on('data', (chunk) => (socket.received += chunk));
    cleanups.push(() => void socket.destroy());
    socket.write(
      `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Accept: application/json\r\nExpect: 100-continue\r\nCookie: XSRF-TOKEN=${token}\r\nX-XSRF-TOKEN: ${decodeURIComponent(token)}\r\n\r\n`,
    );
    await waitUntil(async () => socket.received.includes('100 Continue'), 10_000, 'the server to take the request');

    const stopped = terminate(run);
    await logged(run, 'shutting down');
    socket.write(body);
    await waitUntil(
      async () => /HTTP\/1\.1 \d{3}/.test(socket.received.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '')),
      STOP_WITHIN_MS,
      'the answer',
    );
    expect(socket.received).toMatch(/HTTP\/1\.1 201 Created/);
    expect(await context.deps.db('contact_messages').where({ name: 'Signal Enquiry' }).count({ n: '*' }).first()).toEqual({ n: '1' });

    await stopped;
    expect(run.output()).toContain('"msg":"stopped"');
  }, 180_000);

  it('`npm run worker` finishes the job under way, logs "stopped" and leaves no process behind', async () => {
    const smtp: SmtpCapture = await startSmtpCapture();
    cleanups.push(() => smtp.close());
    const settings = { SMTP_URL: smtp.url, ENQUIRIES_TO: 'sales@nursery.test', APP_KEY: randomBytes(32).toString('base64') };
    const context = await createTestContext({ env: settings });
    cleanups.push(() => context.close());
    const run = npmRun('worker', ['--queues', 'mail'], processEnv(context, settings));
    await logged(run, 'workers started', START_WITHIN_MS);

    // An enquiry whose mail the SMTP server keeps hanging: the worker's job stays active until released.
    smtp.hold('sales@nursery.test');
    const message = await context.services.contact.receive(
      { name: 'Held Enquiry', email: 'held@example.com', telephone: '01233 000000', message: 'Hedging' },
      undefined,
    );
    await context.deps.relay.idle();
    const mailQueue = context.deps.queue.bullQueues!().find((queue) => queue.name === 'mail')!;
    await waitUntil(async () => (await mailQueue.getActiveCount()) === 1, START_WITHIN_MS, 'the worker to take the mail job', run.output);

    const stopped = terminate(run);
    await logged(run, 'closing workers');
    smtp.release();
    await smtp.waitFor(1, STOP_WITHIN_MS);
    await stopped;

    expect(smtp.messages.map((m) => m.to)).toEqual([['sales@nursery.test']]);
    expect((await context.deps.db('contact_messages').where({ id: message.id }).first()).emailed_at).not.toBeNull();
    expect(run.output()).toContain('"msg":"stopped"');
  }, 180_000);
});
