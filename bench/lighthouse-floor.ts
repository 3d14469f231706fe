import { gzipSync } from 'node:zlib';
import Router from '@koa/router';

/**
 * "The floor" of a page (issue 20): the very HTML the server sends for it, with its JavaScript
 * taken out, served by the bench server at the same origin — so its CSS, pictures and fonts are
 * the same files from the same server, and the only difference Lighthouse sees is the scripts.
 * What the page scores above its floor is what its client-side work costs.
 */
const FLOOR_ROUTE = '/__bench/floor';

/** Where the bench server serves the floor of `page` (a path such as `/catalogue`). */
export function floorPath(page: string): string {
  return `${FLOOR_ROUTE}?page=${encodeURIComponent(page)}`;
}

/**
 * The HTML without anything that loads or runs JavaScript: every `<script>` element (the entry
 * module, the JSON handover and JSON-LD too: the brief is "no script elements") and every link that
 * fetches a script ahead (modulepreload, or preload/prefetch as a script or worker). Found by what
 * they are, not by the app's current layout, as the app's scripts change.
 *
 * A regular expression is enough here: the HTML tokenizer itself ends a script element at the
 * first `</script` after it, whatever the script contains, which is what the lazy match does.
 */
export function stripScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '').replace(/<link\b[^>]*>/gi, (link) => (fetchesScript(link) ? '' : link));
}

function fetchesScript(link: string): boolean {
  const rel = (attribute(link, 'rel') ?? '').toLowerCase().split(/\s+/);
  const as = (attribute(link, 'as') ?? '').toLowerCase();
  if (rel.includes('modulepreload')) return true;
  return (rel.includes('preload') || rel.includes('prefetch')) && (as === 'script' || as === 'worker');
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/**
 * The bench server's floor route: `GET /__bench/floor?page=/catalogue` answers the page's HTML as
 * a guest's first visit gets it (fetched from this same server once, on the first request), with
 * its scripts stripped. Sent as the server sends a cached page (src/ssr/pages.ts): gzip made once
 * at level 9, `no-cache`, through the same middleware (security headers…).
 */
export function floorRouter(origin: string): Router {
  const copies = new Map<string, Promise<StaticCopy>>();
  const router = new Router();
  router.get(FLOOR_ROUTE, async (ctx) => {
    const page = ctx.query.page;
    if (typeof page !== 'string' || !page.startsWith('/') || page.startsWith('//')) {
      ctx.status = 400;
      ctx.body = 'expected ?page=/path';
      return;
    }
    let copy = copies.get(page);
    if (!copy) {
      copy = staticCopy(`${origin}${page}`);
      copies.set(page, copy);
      // A failed fetch is not kept: the next request tries again.
      copy.catch(() => copies.delete(page));
    }
    const { html, gzip } = await copy;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.vary('Accept-Encoding');
    if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      ctx.compress = false;
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = gzip;
    } else ctx.body = html;
  });
  return router;
}

interface StaticCopy {
  html: string;
  gzip: Buffer;
}

async function staticCopy(url: string): Promise<StaticCopy> {
  const response = await fetch(url, { headers: { accept: 'text/html' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const html = stripScripts(await response.text());
  return { html, gzip: gzipSync(html, { level: 9 }) };
}
