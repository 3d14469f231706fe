import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import { isClientRoute } from '../../shared/app-routes.ts';

/**
 * Serves the built app's shell. Public pages are server-rendered (src/ssr/); this shell answers the
 * client-rendered screens, and any page whose server render failed: paths the app knows
 * (shared/app-routes.ts) get index.html with 200, any other non-API path 404, so crawlers see the
 * right status. index.html is never cached; the build's other files are static-files.ts's.
 * Missing build → a plain page that says how to build, instead of a crash.
 */
export function spa(distDir: string): Middleware {
  const indexFile = path.join(distDir, 'index.html');
  let indexHtml: string | undefined;
  const loadIndex = () => (indexHtml ??= existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined);

  return async (ctx, next) => {
    await next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    if (ctx.path.startsWith('/api/') || ctx.path === '/api') return;
    // /login, /register … are also POST routes, so the router answers a browser's GET with 405:
    // for a page the app knows, the app's HTML is the answer.
    const unmatchedPage = ctx.status === 405 && isClientRoute(ctx.path);
    if (unmatchedPage) ctx.remove('Allow');
    else if (ctx.body !== undefined || ctx.status !== 404) return;

    // The build's files were answered before all this (static-files.ts): a missing asset stays a
    // plain 404, any other missing file name gets the app's 404 page below.
    if (ctx.path.startsWith('/assets/')) return;
    const html = loadIndex();
    ctx.status = isClientRoute(ctx.path) ? 200 : 404;
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'html';
    ctx.body = html ?? '<!doctype html><title>Build missing</title><p>The web app is not built. Run <code>npm run build</code>.</p>';
  };
}
