import { gzipSync } from 'node:zlib';
import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { captureLog } from '../../test/log-capture.ts';
import { headerFields } from '../../test/http-client.ts';
import { createMetrics } from '../metrics/registry.ts';
import { cachedPageLane, type SharedPage } from './cached-page-lane.ts';
import { KoaWithFrontLane } from './koa-with-front-lane.ts';

/**
 * The cached-page lane in front of Koa (issue 20): what it answers never reaches a middleware, and
 * what it does not goes on to Koa untouched. Its answer matching the pipeline's for a real page is
 * src/ssr/cached-guest-pages.test.ts's job; here the page cache is a stand-in.
 */
const PAGE: SharedPage = { status: 200, gzip: gzipSync('<!doctype html><h1>About the nursery</h1>') };

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** An app whose lane finds PAGE at /about (or throws, with `failing`), counting what reaches Koa. */
async function appWithLane(options: { failing?: boolean } = {}) {
  const capture = captureLog('info');
  const metrics = createMetrics();
  const asked: string[] = [];
  const sharedPage = async (_req: unknown, _res: unknown, path: string) => {
    asked.push(path);
    if (options.failing) throw new Error('the page cache is broken');
    return path === '/about' ? PAGE : undefined;
  };
  const app = new KoaWithFrontLane(cachedPageLane({ log: capture.log, metrics }, sharedPage, { hsts: true }));
  const reachedKoa: string[] = [];
  app.use((ctx) => {
    reachedKoa.push(`${ctx.method} ${ctx.url}`);
    ctx.body = 'from Koa';
  });
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as { port: number };
  const get = (path: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${port}${path}`, { ...init, headers: { 'accept-encoding': 'gzip', ...init.headers } });
  return { capture, metrics, asked, reachedKoa, get };
}

describe('the cached-page lane', () => {
  it('sends a shared page without Koa: its gzip bytes, the security and caching headers, an access line, a metric', async () => {
    const { capture, metrics, reachedKoa, get } = await appWithLane();
    const response = await get('/about?utm=x', { headers: { 'x-request-id': 'probe-1' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<!doctype html><h1>About the nursery</h1>'); // fetch decompressed it
    expect(reachedKoa).toEqual([]);
    expect(headerFields(response.headers)).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-encoding': 'gzip',
      'content-length': String(PAGE.gzip.length),
      'cache-control': 'private, no-cache',
      vary: 'Accept-Encoding, Cookie',
      'x-request-id': 'probe-1',
      'x-frame-options': 'DENY',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const line = await capture.waitFor((record) => record.requestId === 'probe-1');
    expect(line).toMatchObject({ method: 'GET', path: '/about', status: 200 });
    expect(line.bytes).toBeGreaterThan(PAGE.gzip.length);
    const observed = (await metrics.httpRequestDuration.get()).values.find((v) => v.metricName === 'http_request_duration_seconds_count');
    expect(observed?.labels).toEqual({ method: 'GET', route: '/about', status: '200' });
  });

  it('gives a badly formed request id a new one, as the access log middleware does', async () => {
    const { get } = await appWithLane();
    const response = await get('/about', { headers: { 'x-request-id': 'two words' } });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('passes a page it does not have to Koa', async () => {
    const { asked, reachedKoa, get } = await appWithLane();
    expect(await (await get('/catalogue?q=acer')).text()).toBe('from Koa');
    expect(asked).toEqual(['/catalogue']);
    expect(reachedKoa).toEqual(['GET /catalogue?q=acer']);
  });

  it('leaves HEAD, a post and a client that takes no gzip to Koa without asking the cache', async () => {
    const { asked, reachedKoa, get } = await appWithLane();
    await get('/about', { method: 'HEAD' });
    await get('/about', { method: 'POST', body: 'x' });
    await get('/about', { headers: { 'accept-encoding': 'identity' } });
    await get('/about', { headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    expect(asked).toEqual([]);
    expect(reachedKoa).toEqual(['HEAD /about', 'POST /about', 'GET /about', 'GET /about']);
  });

  it('logs a failing page cache and lets Koa answer', async () => {
    const { capture, reachedKoa, get } = await appWithLane({ failing: true });
    expect(await (await get('/about')).text()).toBe('from Koa');
    expect(reachedKoa).toEqual(['GET /about']);
    expect(capture.records().some((record) => record.msg?.includes('the page cache could not be read'))).toBe(true);
  });
});
