import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { Context, Middleware } from 'koa';
import send from 'koa-send';
import { isClientRoute } from '../../shared/app-routes.ts';

/** Build files are the same for everyone: `public`, so the cache policy (cache-policy.ts) leaves them shareable. */
const sameForEveryone = (ctx: Context) => ctx.set('Cache-Control', `public, ${ctx.response.get('Cache-Control')}`);

/**
 * Serves the built app. Public pages are server-rendered (src/ssr/); this shell answers the
 * client-rendered screens, and any page whose server render failed: paths the app knows
 * (shared/app-routes.ts) get index.html with 200, any other non-API path 404, so crawlers see the
 * right status. Hashed files under /assets are immutable for a year, index.html is never
 * cached. Missing build → a plain page that says how to build, instead of a crash.
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

    if (ctx.path.startsWith('/assets/')) {
      // The build writes Zopfli-compressed .gz files beside the assets; koa-send picks them for
      // clients that accept gzip (and koa-compress then leaves the response alone).
      ctx.vary('Accept-Encoding');
      const served = await send(ctx, ctx.path, {
        root: distDir,
        immutable: true,
        maxage: 365 * 24 * 60 * 60 * 1000,
        gzip: true,
        brotli: false,
      }).catch(() => undefined);
      if (served) sameForEveryone(ctx);
      return; // a missing asset stays a plain 404
    }
    const staticFile = /^\/[\w.-]+\.(png|ico|svg|txt|webmanifest|xml)$/.test(ctx.path) ? path.join(distDir, ctx.path) : undefined;
    if (staticFile && existsSync(staticFile)) {
      await send(ctx, ctx.path, { root: distDir, maxage: 24 * 60 * 60 * 1000 });
      sameForEveryone(ctx);
      return;
    }
    const html = loadIndex();
    ctx.status = isClientRoute(ctx.path) ? 200 : 404;
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'html';
    ctx.body = html ?? '<!doctype html><title>Build missing</title><p>The web app is not built. Run <code>npm run build</code>.</p>';
  };
}
