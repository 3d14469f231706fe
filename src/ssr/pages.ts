import type { Context, Middleware } from 'koa';
import { CSRF_PLACEHOLDER, type FormPostResult, type RenderedPage } from '../../shared/server-render.ts';
import type { Deps } from '../deps.ts';
import type { Services } from '../services.ts';
import { apiResolver } from './api-resolver.ts';
import { pageDocument } from './document.ts';
import { escapeHtml } from '../escape-html.ts';
import { pageAssets } from './manifest.ts';
import { pageCache, type CachedPage } from './page-cache.ts';
import { isServerRenderedPath } from './paths.ts';
import { loadServerRenderer, type ServerRenderer } from './renderer.ts';
import { shareImageUrl } from './share-image.ts';
import { structuredData } from './structured-data.ts';

/** A render that takes longer than this is abandoned (the app shell is served instead). */
const RENDER_TIMEOUT_MS = 10_000;

/** Options of {@link serverPages}. */
export interface ServerPagesOptions {
  /** Rendered pages kept per process (LRU). */
  maxEntries?: number;
  maxBytes?: number;
}

/**
 * Server-rendered public pages (docs/decisions/006-server-rendering.md). A GET nothing else
 * answered, on a public path, is rendered by the React app's server entry — or taken from the
 * page cache, keyed by the content revision every process reads from the database, so an edit
 * through any process shows on the next request to every one. `respond` also answers the
 * no-JavaScript form posts with a rendered page.
 */
export function serverPages(
  deps: Pick<Deps, 'config' | 'db' | 'log' | 'contentRevision' | 'metrics'>,
  services: Services,
  options: ServerPagesOptions = {},
) {
  const revision = deps.contentRevision;
  const cache = pageCache({ maxEntries: options.maxEntries ?? 1000, maxBytes: options.maxBytes ?? 64 * 1024 * 1024 });
  const resolveApi = apiResolver(services, deps.config);
  let loading: Promise<ServerRenderer | undefined> | undefined;
  const renderer = () =>
    (loading ??= loadServerRenderer(deps.config.webDist).catch((err: unknown) => {
      deps.log.error({ err }, 'the server-render bundle could not be loaded; serving the client-rendered app');
      return undefined;
    }));

  async function renderDocument(
    ctx: Context,
    built: ServerRenderer,
    formPost: FormPostResult | null,
  ): Promise<{ status: number; html: string } | undefined> {
    const result = await built.render({
      url: `${deps.config.appUrl}${ctx.url}`,
      resolveApi,
      requestInfo: { csrfToken: CSRF_PLACEHOLDER, formPost },
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    });
    if (result.kind === 'redirect') {
      ctx.redirect(result.location);
      return undefined;
    }
    const html = pageDocument(built.template, await documentParts(built, result, ctx.path));
    return { status: result.status, html };
  }

  async function documentParts(built: ServerRenderer, page: RenderedPage, pathname: string) {
    const canonicalUrl = `${deps.config.appUrl}${pathname === '/' ? '/' : pathname.replace(/\/$/, '')}`;
    const image = page.meta.image ?? (await shareImageUrl(services, deps.config.business));
    return {
      html: page.html,
      meta: page.meta,
      handover: page.handover,
      assets: pageAssets(built.manifest, page.sources),
      canonicalUrl,
      shareImage: new URL(image, deps.config.appUrl).href,
      structuredData: structuredData(deps.config, page.meta),
      stylesheet: built.stylesheet,
    };
  }

  function send(ctx: Context, page: CachedPage): void {
    ctx.status = page.status;
    ctx.type = 'html';
    // Revalidate every time: the page changes with the content.
    ctx.set('Cache-Control', 'no-cache');
    ctx.vary('Accept-Encoding');
    if (page.gzip && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      ctx.compress = false;
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = page.gzip;
      return;
    }
    const token = typeof ctx.state.csrfToken === 'string' ? ctx.state.csrfToken : '';
    ctx.body = page.html.replaceAll(CSRF_PLACEHOLDER, escapeHtml(token));
  }

  /**
   * Answers `ctx` with the rendered page for its URL; with `formPost`, the page that shows a form
   * post's outcome (never cached). False when there is no server render (no build, or it failed):
   * the caller then serves the client-rendered app.
   */
  async function respond(ctx: Context, formPost: FormPostResult | null = null): Promise<boolean> {
    const built = await renderer();
    if (!built) return false;
    const current = formPost ? undefined : await revision.current();
    const hit = current === undefined ? undefined : cache.get(current, ctx.url);
    if (hit) {
      deps.metrics.pageCacheHits.inc();
      send(ctx, hit);
      return true;
    }
    // A form post's outcome page is never cached: neither a hit nor a miss.
    if (current !== undefined) deps.metrics.pageCacheMisses.inc();
    let rendered: { status: number; html: string } | undefined;
    try {
      rendered = await renderDocument(ctx, built, formPost);
    } catch (err) {
      deps.log.error({ err, url: ctx.url }, 'server render failed; serving the client-rendered app');
      return false;
    }
    if (!rendered) return true; // redirected
    const shared = !rendered.html.includes(CSRF_PLACEHOLDER);
    const page = current === undefined ? rendered : cache.set(current, ctx.url, { ...rendered, shared });
    send(ctx, page);
    return true;
  }

  const middleware: Middleware = async (ctx, next) => {
    await next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    // /contact is also a POST route, so the router answers a GET of it 405: the page is the answer.
    const postOnly = ctx.status === 405;
    if (!postOnly && (ctx.body !== undefined || ctx.status !== 404)) return;
    if (!isServerRenderedPath(ctx.path)) return;
    if (await respond(ctx)) ctx.remove('Allow');
  };

  return { middleware, respond, stats: () => cache.stats() };
}
