import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, startTestServer, type TestContext } from '../../test/harness.ts';
import { scrape, sampleValue, type Sample } from '../../test/metrics-scrape.ts';
import { waitUntil } from '../../test/wait.ts';
import { startMetricsServer } from './server.ts';

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

describe('the metrics endpoint of a web process with Redis queues', () => {
  let context: TestContext;
  let app: Awaited<ReturnType<typeof startTestServer>>;
  let metricsServer: Server;
  let metricsUrl: string;
  /** Scrapes until `check` holds for the samples (responses and jobs are counted when they end), then returns them. */
  const scrapeUntil = async (check: (samples: Sample[]) => boolean, what: string) => {
    let samples: Sample[] = [];
    await waitUntil(async () => check((samples = await scrape(`${metricsUrl}/metrics`))), 10_000, what);
    return samples;
  };

  beforeAll(async () => {
    context = await createTestContext();
    app = await startTestServer(context);
    metricsServer = await startMetricsServer(context.deps.metrics.registry, 0, '127.0.0.1');
    metricsUrl = urlOf(metricsServer);
  });
  afterAll(async () => {
    metricsServer?.close();
    await app?.close();
    await context?.close();
  });

  it('counts requests by method, route pattern (never the raw URL) and status', async () => {
    for (let i = 0; i < 3; i++) expect((await fetch(`${app.baseUrl}/api/site`)).status).toBe(200);
    expect((await fetch(`${app.baseUrl}/api/catalogue/genera/no-such-genus-77`)).status).toBe(404);
    const count = (labels: Record<string, string>) => (samples: Sample[]) =>
      sampleValue(samples, 'http_request_duration_seconds_count', labels);
    const apiSite = count({ method: 'GET', route: '/api/site', status: '200' });
    const genus = count({ method: 'GET', route: '/api/catalogue/genera/:slug', status: '404' });
    const samples = await scrapeUntil((s) => apiSite(s) === 3 && genus(s) === 1, 'the four requests to be counted');
    expect(sampleValue(samples, 'http_request_duration_seconds_sum', { route: '/api/site' })).toBeGreaterThan(0);
    expect(sampleValue(samples, 'http_request_duration_seconds_bucket', { route: '/api/site', le: '+Inf' })).toBe(3);
    expect(samples.some((s) => Object.values(s.labels).some((v) => v.includes('no-such-genus-77')))).toBe(false);
  });

  it('counts page-cache misses and hits of server-rendered pages', async () => {
    for (let i = 0; i < 3; i++) expect((await fetch(`${app.baseUrl}/about`)).status).toBe(200);
    const samples = await scrapeUntil(
      (s) => sampleValue(s, 'http_request_duration_seconds_count', { route: '/about', status: '200' }) === 3,
      'the page requests to be counted',
    );
    // The first render of the revision misses; the two after it are answered from the cache.
    expect(sampleValue(samples, 'ssr_page_cache_misses_total')).toBe(1);
    expect(sampleValue(samples, 'ssr_page_cache_hits_total')).toBe(2);
  });

  it('reads each queue’s jobs by state at scrape time, and times a job by queue and outcome', async () => {
    // No images worker runs in this test: the three jobs stay waiting.
    await context.deps.queue.add(
      [1, 2, 3].map((imageId) => ({ name: 'images.renditions' as const, data: { imageId }, jobId: `metrics-image-${imageId}` })),
    );
    let samples = await scrape(`${metricsUrl}/metrics`);
    expect(sampleValue(samples, 'queue_jobs', { queue: 'images', state: 'waiting' })).toBe(3);
    for (const state of ['active', 'delayed', 'failed']) expect(sampleValue(samples, 'queue_jobs', { queue: 'images', state })).toBe(0);
    expect(sampleValue(samples, 'queue_jobs', { queue: 'mail', state: 'waiting' })).toBe(0);

    await context.deps.queue.add([{ name: 'sessions.prune', data: {}, jobId: 'metrics-prune-1' }]);
    context.startWorkers(['housekeeping']);
    const done = { queue: 'housekeeping', job: 'sessions.prune', outcome: 'completed' };
    samples = await scrapeUntil((s) => sampleValue(s, 'job_duration_seconds_count', done) === 1, 'the job to be timed');
    expect(sampleValue(samples, 'job_duration_seconds_sum', done)).toBeGreaterThan(0);
    expect(sampleValue(samples, 'queue_jobs', { queue: 'images', state: 'waiting' })).toBe(3);
  });

  it('gives the age of the oldest unpublished outbox event', async () => {
    let samples = await scrape(`${metricsUrl}/metrics`);
    expect(sampleValue(samples, 'outbox_lag_seconds')).toBeGreaterThanOrEqual(0);
    // An event its process recorded but never published (it died first), 90 s ago by the database's clock.
    const { db } = context.deps;
    await db('events').insert({ name: 'contact.submitted', payload: {}, created_at: db.raw("now() - interval '90 seconds'") });
    samples = await scrape(`${metricsUrl}/metrics`);
    expect(sampleValue(samples, 'outbox_lag_seconds')).toBeGreaterThanOrEqual(90);
    expect(sampleValue(samples, 'outbox_unpublished_events')).toBe(1);
    await db('events').whereNull('published_at').update({ published_at: db.fn.now() });
    samples = await scrape(`${metricsUrl}/metrics`);
    expect(sampleValue(samples, 'outbox_lag_seconds')).toBe(0);
  });

  it('counts the mails owed and refused', async () => {
    const { db } = context.deps;
    const mail = (status: string, n: number) =>
      db('mails').insert(
        Array.from({ length: n }, (_, i) => ({
          kind: 'contact.enquiry',
          params: { enquiryId: i },
          cause_key: `metrics-${status}-${i}`,
          status,
        })),
      );
    await Promise.all([mail('owed', 2), mail('refused', 1), mail('sent', 4)]);
    const samples = await scrape(`${metricsUrl}/metrics`);
    expect(sampleValue(samples, 'mails', { status: 'owed' })).toBe(2);
    expect(sampleValue(samples, 'mails', { status: 'refused' })).toBe(1);
    await db('mails').where('cause_key', 'like', 'metrics-%').delete();
  });

  it('exports event-loop delay and process memory', async () => {
    const samples = await scrape(`${metricsUrl}/metrics`);
    expect(sampleValue(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
    expect(sampleValue(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('is not served on the public port, and its own port serves nothing else', async () => {
    const publicMetrics = await fetch(`${app.baseUrl}/metrics`);
    expect(publicMetrics.status).toBe(404);
    expect(await publicMetrics.text()).not.toContain('http_request_duration_seconds');
    expect((await fetch(`${metricsUrl}/`)).status).toBe(404);
    expect((await fetch(`${metricsUrl}/metrics`, { method: 'POST' })).status).toBe(404);
    const scraped = await fetch(`${metricsUrl}/metrics`);
    expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  });
});

describe('the metrics endpoint in embedded mode (PGlite, jobs run in the web process)', () => {
  let context: TestContext;
  let metricsServer: Server;

  beforeAll(async () => {
    context = await createTestContext({ redis: false, embedded: true });
    metricsServer = await startMetricsServer(context.deps.metrics.registry, 0, '127.0.0.1');
  });
  afterAll(async () => {
    metricsServer?.close();
    await context?.close();
  });

  it('reports the in-process queues, the jobs run here and the outbox lag', async () => {
    await context.deps.queue.add([{ name: 'sessions.prune', data: {}, jobId: 'embedded-prune-1' }]);
    await context.deps.queue.drain();
    const samples = await scrape(`${urlOf(metricsServer)}/metrics`);
    expect(sampleValue(samples, 'job_duration_seconds_count', { queue: 'housekeeping', job: 'sessions.prune', outcome: 'completed' })).toBe(
      1,
    );
    for (const state of ['waiting', 'active', 'delayed', 'failed'])
      expect(sampleValue(samples, 'queue_jobs', { queue: 'housekeeping', state })).toBe(0);
    expect(sampleValue(samples, 'outbox_lag_seconds')).toBeGreaterThanOrEqual(0);
  });
});
