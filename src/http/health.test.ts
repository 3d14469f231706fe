import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, startTestServer, type TestContext } from '../../test/harness.ts';
import { freePort, waitUntil } from '../../test/wait.ts';

/**
 * A Redis of this test's own on a free port, so stopping it never touches the shared one on 6379.
 * No persistence: a restart comes back empty, as a cache-only Redis would.
 */
function startRedis(port: number): Promise<ChildProcess> {
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  redis.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    redis.once('error', reject);
    redis.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
    redis.stdout!.on('data', () => {
      if (output.includes('Ready to accept connections')) resolve(redis);
    });
  });
}

async function stopRedis(redis: ChildProcess): Promise<void> {
  if (redis.exitCode !== null) return;
  const exited = once(redis, 'exit');
  redis.kill('SIGTERM');
  await exited;
}

describe('/readyz and /healthz', () => {
  let port: number;
  let redis: ChildProcess;
  let context: TestContext;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const get = async (path: string) => {
    const response = await fetch(`${server.baseUrl}${path}`);
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
      cacheControl: response.headers.get('cache-control'),
    };
  };

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    context = await createTestContext({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
    server = await startTestServer(context);
  });
  afterAll(async () => {
    await server?.close();
    if (redis?.exitCode === null) await context?.close();
    else {
      // The context's cleanup deletes its Redis keys: bring Redis back for it if a test left it down.
      redis = await startRedis(port);
      await context?.close();
    }
    if (redis) await stopRedis(redis);
  });

  it('is ready while PostgreSQL and Redis answer', async () => {
    expect(await get('/readyz')).toEqual({ status: 200, body: { status: 'ok', database: true, queue: true }, cacheControl: 'no-store' });
  });

  it('answers 503 while Redis is stopped, 200 again once it is back; liveness never changes', async () => {
    await stopRedis(redis);
    expect(await get('/readyz')).toMatchObject({ status: 503, body: { status: 'unavailable', database: true, queue: false } });
    // The process itself is fine: a liveness probe must not get it restarted for Redis's sake.
    expect(await get('/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });

    redis = await startRedis(port);
    // The queue's connection reconnects on its own, with backoff: wait for it, no fixed sleep.
    await waitUntil(async () => (await get('/readyz')).status === 200, 20_000, '/readyz to answer 200 after Redis returned');
    expect(await get('/readyz')).toMatchObject({ status: 200, body: { status: 'ok', database: true, queue: true } });
  });
});
