import autocannon from 'autocannon';

/** The public page measured from the render cache, and the uncached render's page and query. */
export const CACHED_PAGE = '/about';
export const UNCACHED_PAGE = '/catalogue?q=acer';
/** The bench server's static copy of the built index.html (koa-send, see bench/server.ts). */
const STATIC_BASELINE = '/__bench/index.html';

export interface RenderFigures {
  cachedRps: number;
  staticRps: number;
  /** Cached page req/s ÷ static index.html req/s. */
  ratio: number;
  cachedP99: number;
  staticP99: number;
  /** Sequential uncached renders: each request carries a query parameter no earlier one had. */
  uncached: { requests: number; p50: number; p95: number; max: number };
}

const HTML = { accept: 'text/html,application/xhtml+xml' };

const load = (url: string, duration: number) =>
  autocannon({ url, connections: 50, duration, headers: HTML }).then((r) => {
    if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return { rps: r.requests.average, p99: r.latency.p99 };
  });

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Time to the last byte of one GET, in ms; anything but a 200 HTML page throws. */
async function timeGet(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: HTML });
  await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200 || !response.headers.get('content-type')?.includes('text/html')) {
    throw new Error(`${url}: ${response.status} ${response.headers.get('content-type')}`);
  }
  return ms;
}

/**
 * Two figures for the server-rendered public site, in one server process:
 * - throughput of a page served from the render cache (`GET /about`, warmed first) against the
 *   same server sending the built index.html as a static file through koa-send, 50 connections,
 *   each measured twice alternating after a warm-up, so drift hits both alike;
 * - latency of renders that can never hit the cache: `GET /catalogue?q=acer&_n=<i>` one after
 *   another (a cold cache per request, on an otherwise idle server), after a few unmeasured ones
 *   so JIT warm-up is not counted. The extra parameter is harmless to the page; it only works as
 *   a cache-buster while the cache key includes the whole query string.
 */
export async function benchRenderThroughput(baseUrl: string, duration = 6, sequential = 200): Promise<RenderFigures> {
  const cachedUrl = `${baseUrl}${CACHED_PAGE}`;
  const staticUrl = `${baseUrl}${STATIC_BASELINE}`;
  await load(staticUrl, 2);
  await load(cachedUrl, 2);
  const cached: { rps: number; p99: number }[] = [];
  const plain: { rps: number; p99: number }[] = [];
  for (let round = 0; round < 2; round++) {
    plain.push(await load(staticUrl, duration));
    cached.push(await load(cachedUrl, duration));
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const cachedRps = mean(cached.map((c) => c.rps));
  const staticRps = mean(plain.map((p) => p.rps));

  // A run-unique prefix, so a second run against the same server cannot hit entries of the first.
  const run = Date.now().toString(36);
  const uncachedUrl = (i: number | string) => `${baseUrl}${UNCACHED_PAGE}&_n=${run}-${i}`;
  for (let i = 0; i < 10; i++) await timeGet(uncachedUrl(`warm${i}`));
  const times: number[] = [];
  for (let i = 0; i < sequential; i++) times.push(await timeGet(uncachedUrl(i)));
  times.sort((a, b) => a - b);
  const round1 = (ms: number) => Math.round(ms * 10) / 10;

  return {
    cachedRps,
    staticRps,
    ratio: cachedRps / staticRps,
    cachedP99: Math.max(...cached.map((c) => c.p99)),
    staticP99: Math.max(...plain.map((p) => p.p99)),
    uncached: { requests: sequential, p50: round1(percentile(times, 50)), p95: round1(percentile(times, 95)), max: round1(times.at(-1)!) },
  };
}
