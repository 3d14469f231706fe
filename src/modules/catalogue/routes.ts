import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { CataloguePage } from '../../../shared/api/catalogue.ts';
import type { Deps } from '../../deps.ts';
import { HttpError, notFound } from '../../errors.ts';
import { sendStored } from '../../http/send-stored.ts';
import { requestSessionId } from '../../http/session.ts';
import { validate } from '../../validation/validate.ts';
import { DOWNLOADS, issueDateIso, slugify, type CatalogueFormat } from './constants.ts';
import { PUBLIC_VIEWER, type CatalogueViewer } from './presenter.ts';
import { genusSlugParam, listQuerySchema } from './schema.ts';
import type { CatalogueService } from './service.ts';
import { viewerOf, type TradeCheck } from './viewer.ts';

/** A catalogue search a request started before its session was read, waiting for its viewer. */
interface HeadStart {
  page: Promise<CataloguePage>;
  showTo(viewer: CatalogueViewer): void;
}
const headStarts = new WeakMap<Context, HeadStart>();

/**
 * Mounted before the session middleware. A search that carries a session cookie (a signed-in
 * buyer, who may see prices) starts its queries, trade columns included, while the session is
 * still being read; the route then presents the page for whoever the session turned out to be
 * (prices only for a trade viewer, as ever). Without it such a search waits for one round trip
 * after the other, session then lines: issue 10 allows prices at most 1.2x a guest's time, and
 * `npm run bench -- trade` measures it. Guests (no cookie) and invalid queries are left alone.
 */
export function catalogueHeadStart(catalogue: CatalogueService): Middleware {
  return async (ctx, next) => {
    const query = ctx.method === 'GET' && ctx.path === '/api/catalogue' && requestSessionId(ctx) ? listQuerySchema.safeParse(ctx.query) : undefined;
    if (!query?.success) return next();
    let showTo!: (viewer: CatalogueViewer) => void;
    const page = catalogue.list(query.data, new Promise<CatalogueViewer>((resolve) => (showTo = resolve)), true);
    page.catch(() => undefined); // the route awaits it and answers its error
    headStarts.set(ctx, { page, showTo });
    try {
      await next();
    } finally {
      showTo(PUBLIC_VIEWER); // no-op once the route has shown it; else lets an unused search settle
    }
  };
}

/**
 * No file yet (first start, render queued): 503 + Retry-After rather than 404, because the file
 * will exist in a few seconds and a 404 would tell clients and crawlers it never will.
 */
const notReady = () =>
  new HttpError(503, 'The catalogue is being generated. Please try again shortly.', { 'Retry-After': '5' });

/**
 * Public catalogue routes: search, genera, downloads. The search and genus answers add each line's
 * `trade` fields for approved trade buyers and staff only (see viewer.ts); the downloads never do.
 * Admin CRUD and import live in admin-routes.ts.
 */
export function catalogueRoutes(deps: Pick<Deps, 'config' | 'storage'>, catalogue: CatalogueService, trade: TradeCheck): Router {
  const router = new Router();
  const slug = slugify(deps.config.business.shortName) || 'catalogue';

  router.get('/api/catalogue', async (ctx) => {
    const query = validate(listQuerySchema, ctx.query);
    const viewer = await viewerOf(ctx, trade);
    const started = headStarts.get(ctx);
    started?.showTo(viewer);
    ctx.body = await (started?.page ?? catalogue.list(query, viewer));
  });

  // The genus index and the genus pages' data (/catalogue/genus/:slug); a bad slug is a 404, as an unknown one.
  router.get('/api/catalogue/genera', async (ctx) => {
    ctx.body = { data: await catalogue.genera() };
  });

  router.get('/api/catalogue/genera/:slug', async (ctx) => {
    const genus = await catalogue.genus(genusSlugParam(ctx.params.slug), await viewerOf(ctx, trade));
    if (!genus) throw notFound();
    ctx.body = { data: genus };
  });

  router.get('/api/catalogue/downloads', async (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = await catalogue.downloads();
  });

  for (const format of ['pdf', 'xlsx'] as const satisfies readonly CatalogueFormat[]) {
    router.get(DOWNLOADS[format].url, async (ctx) => {
      const file = await catalogue.latestFile(format);
      // The row can outlive its file only if storage lost it; treat that like "not generated yet".
      const info = file && (await deps.storage.stat(file.storage_key));
      // No heal from here: a render's event is stored with the edit that needs it, and a GET
      // that wrote an event would let any visitor fill the outbox.
      if (!file || !info) throw notReady();

      const generatedAt = new Date(file.generated_at);
      ctx.type = DOWNLOADS[format].contentType;
      ctx.set('ETag', `"${file.sha256}"`);
      ctx.lastModified = generatedAt;
      // Always revalidate: the URL is stable while its content changes with every render.
      ctx.set('Cache-Control', 'public, max-age=0, must-revalidate');
      ctx.set('Content-Disposition', `attachment; filename="${slug}-catalogue-${issueDateIso(generatedAt)}.${format}"`);
      // The file's own hash is the ETag; 304, Range (resumed downloads) and streaming as for media.
      await sendStored(ctx, deps.storage, file.storage_key, info.bytes);
    });
  }
  return router;
}
