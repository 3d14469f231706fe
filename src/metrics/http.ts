import type { Middleware } from 'koa';
import { PAGE_PATHS, pathPattern } from '../../shared/app-routes.ts';
import { responseOutcome } from '../http/access-log.ts';
import type { Metrics } from './registry.ts';

/** The public pages' patterns, for requests no router matched (server-rendered pages). */
const PAGES = Object.values(PAGE_PATHS).map((pattern) => ({ route: `/${pattern}`, test: pathPattern(pattern) }));
const AREAS = [
  { route: '/assets/*', test: /^\/assets\// },
  { route: '/account/*', test: pathPattern('account/*') },
  { route: '/admin/*', test: pathPattern('admin/*') },
];
const UNROUTED = [...PAGES, ...AREAS];

/**
 * The route label of a request: the pattern the router matched (`/api/catalogue/genera/:slug`),
 * else the public page's or the area's pattern, else `(unmatched)`. Never the raw URL: a visitor
 * chooses URLs, and every distinct label value is a new series kept in memory.
 */
function routeLabel(matchedRoute: unknown, path: string): string {
  if (typeof matchedRoute === 'string') return matchedRoute;
  return UNROUTED.find((candidate) => candidate.test.test(path))?.route ?? '(unmatched)';
}

/**
 * Times every request into `http_request_duration_seconds` when its response ends (a streamed
 * body included), labelled by method, route pattern and status — `aborted` when the client left
 * before any answer, as the access log says.
 */
export function httpMetrics(metrics: Pick<Metrics, 'httpRequestDuration'>): Middleware {
  return async (ctx, next) => {
    const stop = metrics.httpRequestDuration.startTimer();
    const socket = ctx.req.socket;
    const bytesBefore = socket.bytesWritten;
    ctx.res.once('close', () => {
      const outcome = responseOutcome(ctx.res, socket.bytesWritten - bytesBefore);
      const route = routeLabel((ctx as { _matchedRoute?: unknown })._matchedRoute, ctx.path);
      stop({ method: ctx.method, route, status: outcome === 'aborted' ? 'aborted' : String(ctx.res.statusCode) });
    });
    await next();
  };
}
