import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, waitUntil } from './wait.ts';

/**
 * A redis-server of a test's own on a free port, without persistence, so stopping it with SIGKILL
 * and starting it again gives an empty Redis (a crash or failover of a Redis without a disk). The
 * shared Redis other test files use is never touched.
 */
export async function ownRedis() {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const server = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      await waitUntil(
        async () => {
          const probe = spawn('redis-cli', ['-p', String(port), 'ping']);
          return new Promise<boolean>((resolve) => probe.once('exit', (code) => resolve(code === 0)));
        },
        10_000,
        'redis-server up',
      );
    },
    /** A crash, not a clean shutdown: nothing is saved either way. */
    stop: () =>
      new Promise<void>((resolve) => {
        if (!child || child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
  await server.start();
  return server;
}
