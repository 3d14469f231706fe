import type { IncomingMessage, ServerResponse } from 'node:http';
import accepts from 'accepts';
import type { Deps } from '../deps.ts';
import { unroutedLabel, responseTimer } from '../metrics/http.ts';
import { accessLines, requestIdFor } from './access-log.ts';
import { securityHeaderFields } from './security-headers.ts';

/** A rendered page that is the same for everyone, as the page cache keeps it compressed. */
export interface SharedPage {
  status: number;
  gzip: Buffer;
}

/** Answers a request before Koa's middleware; false when it does not, and Koa then does. */
export type FrontLane = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

/**
 * The cached public pages, served the way a static file server serves a file (issue 20: a cached
 * page costs what a static file costs). A guest's GET of a public page whose cached copy is the
 * same for everyone (`sharedPage`: src/ssr/pages.ts) is answered from Node's request, with no Koa
 * context and no middleware: about half the CPU of the same answer through them. Everything else —
 * a miss, a page with a form (its token), a signed-in visitor, HEAD, a client that does not take
 * gzip, every other path — goes on to Koa.
 *
 * The answer is the one the middleware would give (src/ssr/cached-guest-pages.test.ts compares
 * them): the security headers, the access line and the request metric come from the same functions
 * the middleware uses; Content-Type, Cache-Control and Vary are what the page middleware and the
 * cache policy (src/http/cache-policy.ts) make of a cached page: private, revalidated every time.
 */
export function cachedPageLane(
  deps: Pick<Deps, 'log' | 'metrics'>,
  sharedPage: (req: IncomingMessage, res: ServerResponse, path: string) => Promise<SharedPage | undefined>,
  options: { hsts: boolean },
): FrontLane {
  const logWhenDone = accessLines(deps.log);
  const timeWhenDone = responseTimer(deps.metrics);
  // Names and values alternate: Node sends a flat array as it is, without a header object to fill.
  const fixedHeaders = Object.entries({
    ...securityHeaderFields(options),
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'private, no-cache',
    Vary: 'Accept-Encoding, Cookie',
    'Content-Encoding': 'gzip',
  }).flat();

  return async (req, res) => {
    const started = performance.now();
    // Origin-form URLs only ("/catalogue?q=acer"): anything odder is left to Koa's own parsing.
    const url = req.url;
    if (req.method !== 'GET' || !url?.startsWith('/') || url.includes('#')) return false;
    if (accepts(req).encoding('gzip', 'identity') !== 'gzip') return false;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    let page: SharedPage | undefined;
    try {
      page = await sharedPage(req, res, path);
    } catch (err) {
      deps.log.error({ err }, 'the page cache could not be read; the request goes on to the app');
      return false;
    }
    if (!page) return false;
    const incomingId = req.headers['x-request-id'];
    const requestId = requestIdFor(typeof incomingId === 'string' ? incomingId : '');
    logWhenDone(res, { requestId, method: 'GET', path, started });
    timeWhenDone(res, 'GET', () => unroutedLabel(path), started);
    res.writeHead(page.status, [...fixedHeaders, 'X-Request-Id', requestId, 'Content-Length', String(page.gzip.length)]);
    res.end(page.gzip);
    return true;
  };
}
