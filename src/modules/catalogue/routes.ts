import Router from '@koa/router';
import type { Deps } from '../../deps.ts';
import { HttpError, notFound } from '../../errors.ts';
import { sendStored } from '../../http/send-stored.ts';
import { viewerOf } from '../../http/viewer.ts';
import { validate } from '../../validation/validate.ts';
import { DOWNLOADS, issueDateIso, slugify, type CatalogueFormat } from './constants.ts';
import { genusSlugParam, listQuerySchema } from './schema.ts';
import type { CatalogueService } from './service.ts';

/**
 * No file yet (first start, render queued): 503 + Retry-After rather than 404, because the file
 * will exist in a few seconds and a 404 would tell clients and crawlers it never will.
 */
const notReady = () => new HttpError(503, 'The catalogue is being generated. Please try again shortly.', { 'Retry-After': '5' });

/**
 * Public catalogue routes: search, genera, downloads. The search and genus answers add each line's
 * `trade` fields for the request's viewer (src/http/viewer.ts) only; the downloads never do.
 * Admin CRUD and import live in admin-routes.ts.
 */
export function catalogueRoutes(deps: Pick<Deps, 'config' | 'storage'>, catalogue: CatalogueService): Router {
  const router = new Router();
  const slug = slugify(deps.config.business.shortName) || 'catalogue';

  router.get('/api/catalogue', async (ctx) => {
    ctx.body = await catalogue.list(validate(listQuerySchema, ctx.query), viewerOf(ctx));
  });

  // The genus index and the genus pages' data (/catalogue/genus/:slug); a bad slug is a 404, as an unknown one.
  router.get('/api/catalogue/genera', async (ctx) => {
    ctx.body = { data: await catalogue.genera() };
  });

  router.get('/api/catalogue/genera/:slug', async (ctx) => {
    const genus = await catalogue.genus(genusSlugParam(ctx.params.slug), viewerOf(ctx));
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
