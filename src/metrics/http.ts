import type { ServerResponse } from 'node:http';
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
 * The timer of {@link httpMetrics}, for whatever answers a request: from `started` (a
 * `performance.now()`; by default the call), it times the response into
 * `http_request_duration_seconds` when it ends, under `route` (read then).
 */
export function responseTimer(
  metrics: Pick<Metrics, 'httpRequestDuration'>,
): (res: ServerResponse, method: string, route: () => string, started?: number) => void {
  return (res, method, route, started = performance.now()) => {
    const socket = res.req.socket;
    const bytesBefore = socket.bytesWritten;
    res.once('close', () => {
      const outcome = responseOutcome(res, socket.bytesWritten - bytesBefore);
      const labels = { method, route: route(), status: outcome === 'aborted' ? 'aborted' : String(res.statusCode) };
      metrics.httpRequestDuration.observe(labels, (performance.now() - started) / 1000);
    });
  };
}

/** The route label of a request nothing routed: its public page's or area's pattern. */
export const unroutedLabel = (path: string): string => routeLabel(undefined, path);

/**
 * Times every request into `http_request_duration_seconds` when its response ends (a streamed
 * body included), labelled by method, route pattern and status — `aborted` when the client left
 * before any answer, as the access log says.
 */
export function httpMetrics(metrics: Pick<Metrics, 'httpRequestDuration'>): Middleware {
  const timeWhenDone = responseTimer(metrics);
  return async (ctx, next) => {
    timeWhenDone(ctx.res, ctx.method, () => routeLabel((ctx as { _matchedRoute?: unknown })._matchedRoute, ctx.path));
    await next();
  };
}
