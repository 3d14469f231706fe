import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/**
 * zlib's default level. Most rendered pages are one-offs (every search is a new URL), so the cost
 * per render matters more than the last percent of bytes: on a catalogue page level 9 took more
 * CPU for under 1 % fewer bytes (bench/uncached-render.ts measures a render's CPU).
 */
export const PAGE_GZIP_LEVEL = 6;

/**
 * The gzip a shared page is sent and cached with, made once per render: the same bytes answer
 * the request that rendered the page and every cache hit after it. Compressed in zlib's thread
 * pool, so the event loop serves other requests meanwhile; the render's response waits for it,
 * which costs about what koa-compress would have spent on that one response anyway.
 */
export function gzipPage(html: string): Promise<Buffer> {
  return gzipAsync(html, { level: PAGE_GZIP_LEVEL });
}
