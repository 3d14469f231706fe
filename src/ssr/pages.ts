import type { IncomingMessage, ServerResponse } from 'node:http';
import Cookies from 'cookies';
import type { Context, Middleware } from 'koa';
import { CSRF_PLACEHOLDER, type FormPostResult, type RenderedPage } from '../../shared/server-render.ts';
import { GUEST_LIST_COOKIE } from '../../shared/guest-plant-list.ts';
import type { Deps } from '../deps.ts';
import type { Services } from '../services.ts';
import { apiResolver } from './api-resolver.ts';
import { pageDocument } from './document.ts';
import { escapeHtml } from '../escape-html.ts';
import { pageAssets } from './manifest.ts';
import { pageCache, type CachedPage } from './page-cache.ts';
import type { SharedPage } from '../http/cached-page-lane.ts';
import { gzipPage } from './page-gzip.ts';
import { isPersonalPagePath, isServerRenderedPath } from './paths.ts';
import { personalResolver } from './personal-resolver.ts';
import { loadServerRenderer, type ServerRenderer } from './renderer.ts';
import { shareImageAtRevision } from './share-image.ts';
import { structuredData } from './structured-data.ts';
import type { Viewer } from '../viewer.ts';
import type { User } from '../modules/users/service.ts';
import { maySignIn } from '../modules/auth/session-auth.ts';

/** A render that takes longer than this is abandoned (the app shell is served instead). */
const RENDER_TIMEOUT_MS = 10_000;

/** Where the fast lane leaves the content revision it read for a miss (ctx.state). */
const REVISION = 'pageCacheRevision';

/** Set (ctx.state) when the fast lane's render of the page failed: the full pipeline does not try again. */
const NOT_RENDERED = 'pageNotRendered';

/** The token the CSRF middleware left for this request's forms. */
const requestToken = (ctx: Context): string => (typeof ctx.state.csrfToken === 'string' ? ctx.state.csrfToken : '');

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
  // The revision the cached-page lane read for a request it then passed on (a miss): the fast lane need not read it again.
  const revisionRead = new WeakMap<IncomingMessage, number>();
  const cache = pageCache({ maxEntries: options.maxEntries ?? 1000, maxBytes: options.maxBytes ?? 64 * 1024 * 1024 });
  const readsAt = apiResolver(services, deps.config);
  const shareImageAt = shareImageAtRevision(services, deps.config.business);
  let loading: Promise<ServerRenderer | undefined> | undefined;
  const renderer = () =>
    (loading ??= loadServerRenderer(deps.config.webDist).catch((err: unknown) => {
      deps.log.error({ err }, 'the server-render bundle could not be loaded; serving the client-rendered app');
      return undefined;
    }));

  /** `revision`: the content revision the page is cached at; undefined for a page never cached. */
  async function renderDocument(
    ctx: Context,
    built: ServerRenderer,
    formPost: FormPostResult | null,
    page: { url: string; path: string; personal: boolean },
    revision: number | undefined,
  ): Promise<{ status: number; html: string } | undefined> {
    const resolveApi = readsAt(revision);
    const result = await built.render({
      url: `${deps.config.appUrl}${page.url}`,
      resolveApi: page.personal
        ? personalResolver(resolveApi, services, {
            user: ctx.state.user as User | undefined,
            viewer: ctx.state.viewer as Viewer | undefined,
            // Written by the browser's script, so not signed: it is read as any visitor input is.
            guestList: ctx.cookies.get(GUEST_LIST_COOKIE, { signed: false }),
          })
        : resolveApi,
      requestInfo: { csrfToken: CSRF_PLACEHOLDER, formPost },
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    });
    if (result.kind === 'redirect') {
      ctx.redirect(result.location);
      return undefined;
    }
    const html = pageDocument(built.template, await documentParts(built, result, page.path, revision));
    return { status: result.status, html };
  }

  async function documentParts(built: ServerRenderer, page: RenderedPage, pathname: string, revision: number | undefined) {
    const canonicalUrl = `${deps.config.appUrl}${pathname === '/' ? '/' : pathname.replace(/\/$/, '')}`;
    const image = page.meta.image ?? (await shareImageAt(revision));
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

  /** `csrfToken` is asked only when the HTML has a form's placeholder, and no gzip copy is sent. */
  function send(ctx: Context, page: CachedPage, personal: boolean, csrfToken: () => string = () => requestToken(ctx)): void {
    ctx.status = page.status;
    ctx.type = 'html';
    // Revalidate every time: the page changes with the content. A personal page is the visitor's
    // alone: no cache in between may keep it, or give it to the next person with the same URL.
    ctx.set('Cache-Control', personal ? 'private, no-store' : 'no-cache');
    if (personal) ctx.vary('Cookie');
    ctx.vary('Accept-Encoding');
    if (page.gzip && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      ctx.compress = false;
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = page.gzip;
      return;
    }
    let token: string | undefined; // asked once, for the first of the page's forms
    ctx.body = page.html.replaceAll(CSRF_PLACEHOLDER, () => (token ??= escapeHtml(csrfToken())));
  }

  /**
   * Answers `ctx` with the rendered page for its URL (or `pagePath`: the page a form posted
   * elsewhere is on); with `formPost`, the page that shows a form post's outcome. Neither those nor
   * personal pages are cached. False when there is no server render (no build, or it failed): the
   * caller then serves the client-rendered app.
   */
  async function respond(ctx: Context, formPost: FormPostResult | null = null, pagePath?: string): Promise<boolean> {
    return answer(ctx, formPost, pagePath, () => requestToken(ctx));
  }

  /** {@link respond}, with the token a form on the page gets (the request's own, or the fast lane's guest token). */
  async function answer(
    ctx: Context,
    formPost: FormPostResult | null,
    pagePath: string | undefined,
    csrfToken: () => string,
  ): Promise<boolean> {
    const built = await renderer();
    if (!built) return false;
    const page = { url: pagePath ?? ctx.url, path: pagePath ?? ctx.path, personal: isPersonalPagePath(pagePath ?? ctx.path) };
    const current = formPost || page.personal ? undefined : ((ctx.state[REVISION] as number | undefined) ?? (await revision.current()));
    const hit = current === undefined ? undefined : cache.get(current, page.url);
    if (hit) {
      deps.metrics.pageCacheHits.inc();
      send(ctx, hit, false, csrfToken);
      return true;
    }
    // A form post's outcome page and a personal page are never cached: neither a hit nor a miss.
    if (current !== undefined) deps.metrics.pageCacheMisses.inc();
    let rendered: { status: number; html: string } | undefined;
    try {
      rendered = await renderDocument(ctx, built, formPost, page, current);
    } catch (err) {
      deps.log.error({ err, url: page.url }, 'server render failed; serving the client-rendered app');
      ctx.state[NOT_RENDERED] = true;
      return false;
    }
    if (!rendered) return true; // redirected
    // A cached page is compressed once for everyone, unless it carries each visitor's own token (a
    // form): koa-compress then compresses each response, as it does the pages never cached.
    const shared = current !== undefined && !rendered.html.includes(CSRF_PLACEHOLDER);
    const gzip = shared ? await gzipPage(rendered.html) : undefined;
    send(ctx, current === undefined ? rendered : cache.set(current, page.url, { ...rendered, gzip }), page.personal, csrfToken);
    return true;
  }

  const middleware: Middleware = async (ctx, next) => {
    await next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    // /contact, /login… are also POST routes, so the router answers a GET of them 405: the page is the answer.
    const postOnly = ctx.status === 405;
    if (!postOnly && (ctx.body !== undefined || ctx.status !== 404)) return;
    if (!isServerRenderedPath(ctx.path) || ctx.state[NOT_RENDERED]) return;
    if (await respond(ctx)) ctx.remove('Allow');
  };

  /**
   * The fast lane, mounted before the SPA fallback, CSRF, the session and the routers: a guest's
   * GET of a public page is answered here, with nothing a page that is the same for everyone does
   * not need — no session, no routing, no CSRF token unless the page has a no-JavaScript form
   * (`guestToken` then reads or mints one). A cached page is sent; an uncached one is rendered and
   * cached here too, unless a route answers that GET itself (`answersGet`: /healthz is no page),
   * which the full pipeline then does. A request that may be signed in (session or remember-me
   * cookie) and a personal page go on to the full pipeline, as does a page the server cannot
   * render (no build), which then gets the app shell.
   */
  function cachedForGuests(guestToken: (ctx: Context) => string, answersGet: (path: string) => boolean): Middleware {
    return async (ctx, next) => {
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
      if (!isServerRenderedPath(ctx.path) || isPersonalPagePath(ctx.path) || maySignIn(ctx.cookies)) return next();
      const current = revisionRead.get(ctx.req) ?? (await revision.current());
      const hit = cache.get(current, ctx.url);
      if (hit) {
        deps.metrics.pageCacheHits.inc();
        send(ctx, hit, false, () => guestToken(ctx));
        return;
      }
      ctx.state[REVISION] = current; // whoever renders the page need not read it again
      if (answersGet(ctx.path) || !(await answer(ctx, null, undefined, () => guestToken(ctx)))) return next();
    };
  }

  /**
   * The cached page that answers a guest's GET of the public page at `path` when that page is the
   * same for everyone (no form, so no token: its gzip copy is all there is to send), else
   * undefined. The cached-page lane (src/http/cached-page-lane.ts) sends it before any middleware
   * runs; whatever it is not given goes on to Koa, and the fast lane above answers it then.
   */
  async function sharedPage(req: IncomingMessage, res: ServerResponse, path: string): Promise<SharedPage | undefined> {
    if (!isServerRenderedPath(path) || isPersonalPagePath(path) || maySignIn(new Cookies(req, res))) return undefined;
    const current = await revision.current();
    const hit = cache.get(current, req.url!);
    if (!hit?.gzip) {
      revisionRead.set(req, current);
      return undefined;
    }
    deps.metrics.pageCacheHits.inc();
    return { status: hit.status, gzip: hit.gzip };
  }

  return { middleware, cachedForGuests, sharedPage, respond, stats: () => cache.stats() };
}
