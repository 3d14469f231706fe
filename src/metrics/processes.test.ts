import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../test/cluster.ts';
import { scrape, sampleValue, type Sample } from '../../test/metrics-scrape.ts';
import { freePort, waitUntil } from '../../test/wait.ts';

/** The real entry points (`src/main.ts`, `workers/main.ts`) each serve /metrics on their own port. */
describe('metrics of the web and the worker process', () => {
  let cluster: Cluster;
  let webMetrics: string;
  let workerMetrics: string;

  beforeAll(async () => {
    const [webPort, workerPort] = [await freePort(), await freePort()];
    webMetrics = `http://127.0.0.1:${webPort}/metrics`;
    workerMetrics = `http://127.0.0.1:${workerPort}/metrics`;
    cluster = await startCluster({
      webs: 1,
      workers: 1,
      workerArgs: [['--queues', 'housekeeping']],
      env: { METRICS_PORT: String(webPort), WORKER_METRICS_PORT: String(workerPort), METRICS_HOST: '127.0.0.1' },
    });
  });
  afterAll(async () => {
    await cluster?.close();
  });

  it('the web process counts its requests on METRICS_PORT, and /metrics is not on its public port', async () => {
    const [web] = cluster.webs;
    expect((await fetch(`${web!.baseUrl}/api/site`)).status).toBe(200);
    let samples: Sample[] = [];
    await waitUntil(
      async () =>
        (sampleValue((samples = await scrape(webMetrics)), 'http_request_duration_seconds_count', { route: '/api/site', status: '200' }) ??
          0) >= 1,
      10_000,
      'the web process to count the request',
    );
    expect(sampleValue(samples, 'queue_jobs', { queue: 'images', state: 'waiting' })).toBe(0);
    expect((await fetch(`${web!.baseUrl}/metrics`)).status).toBe(404);
  });

  it('the worker times the jobs it runs on WORKER_METRICS_PORT', async () => {
    const queue = new Queue('housekeeping', {
      connection: { url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' },
      prefix: cluster.redisPrefix,
    });
    try {
      await queue.add('events.prune', { payload: {} }, { jobId: 'metrics-worker-prune' });
    } finally {
      await queue.close();
    }
    const done = { queue: 'housekeeping', job: 'events.prune', outcome: 'completed' };
    let samples: Sample[] = [];
    await waitUntil(
      async () => (sampleValue((samples = await scrape(workerMetrics)), 'job_duration_seconds_count', done) ?? 0) >= 1,
      30_000,
      'the worker to time the job',
    );
    expect(sampleValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    // The worker serves no HTTP routes: its metrics carry no request series.
    expect(samples.some((s) => s.name.startsWith('http_request_duration_seconds'))).toBe(false);
  });
});
