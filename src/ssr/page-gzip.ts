import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/**
 * Below zlib's default (6): most rendered pages are one-offs (every search is a new URL), for which
 * the cost per render is what counts. On a search page (76 KB of HTML) level 4 takes three quarters
 * of level 6's CPU (0.77 against 1.02 ms) for 3 % more bytes (15.0 against 14.6 KB); level 9 saved
 * under 1 % more than 6 and can cost much more on less regular text.
 */
const PAGE_GZIP_LEVEL = 4;

/**
 * The gzip a shared page is sent and cached with, made once per render: the same bytes answer
 * the request that rendered the page and every cache hit after it. Compressed in zlib's thread
 * pool, so the event loop serves other requests meanwhile; the render's response waits for it,
 * which costs about what koa-compress would have spent on that one response anyway.
 */
export function gzipPage(html: string): Promise<Buffer> {
  return gzipAsync(html, { level: PAGE_GZIP_LEVEL });
}
