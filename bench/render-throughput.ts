import autocannon from 'autocannon';

/** The public page measured from the render cache (uncached renders: bench/uncached-render.ts). */
export const CACHED_PAGE = '/about';
/** The bench server's static copy of the built index.html (koa-send, see bench/server.ts). */
const STATIC_BASELINE = '/__bench/index.html';

export interface RenderFigures {
  cachedRps: number;
  staticRps: number;
  /** Cached page req/s ÷ static index.html req/s. */
  ratio: number;
  cachedP99: number;
  staticP99: number;
}

const HTML = { accept: 'text/html,application/xhtml+xml' };

const load = (url: string, duration: number) =>
  autocannon({ url, connections: 50, duration, headers: HTML }).then((r) => {
    if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return { rps: r.requests.average, p99: r.latency.p99 };
  });

/**
 * Throughput of a page served from the render cache (`GET /about`, warmed first) against the same
 * server sending the built index.html as a static file through koa-send, 50 connections, each
 * measured twice alternating after a warm-up, so drift hits both alike. (The latency of renders
 * that can never hit the cache is the `uncached` section's, bench/uncached-render.ts.)
 */
export async function benchRenderThroughput(baseUrl: string, duration = 6): Promise<RenderFigures> {
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
  return {
    cachedRps,
    staticRps,
    ratio: cachedRps / staticRps,
    cachedP99: Math.max(...cached.map((c) => c.p99)),
    staticP99: Math.max(...plain.map((p) => p.p99)),
  };
}
