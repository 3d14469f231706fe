import path from 'node:path';
import { PassThrough } from 'node:stream';
import Router from '@koa/router';
import type { Config } from '../../config.ts';
import { validationError } from '../../errors.ts';
import { requireAdmin } from '../../http/guards.ts';
import { idParam } from '../../http/params.ts';
import { multipart, uploadedFile } from '../../http/uploads.ts';
import { validate } from '../../validation/validate.ts';
import { DOWNLOADS, issueDateIso, slugify } from './constants.ts';
import { fileSha256, previewToken, tokenRevision } from './import-preview.ts';
import { IMPORT_MAX_BYTES, readCatalogueFile } from './import.ts';
import { importConfirmSchema, itemPatchSchema, itemSchema, retiredQuerySchema } from './schema.ts';
import { PREVIEW_STALE, type CatalogueService } from './service.ts';

/**
 * Catalogue admin, every route admin only (the service validates with the catalogue's schema):
 * POST /api/catalogue {code?, genus, species, common_name?, form, height, and the trade fields price_pence?,
 * price_breaks? [{min_quantity, price_pence}], stock_status?, stock_quantity?, ready_from? (needed
 * with stock_status ready_from)} → 201 line with its `trade` ·
 * PATCH /api/catalogue/{id} {any of those} → 200 line (a code another line has or had: 422 errors.code) ·
 * DELETE /api/catalogue/{id} → 204, RETIRES the line (hidden from the catalogue, kept for history) ·
 * GET /api/catalogue/retired?q&page&limit → {results, total} · POST /api/catalogue/{id}/reinstate → 200 line ·
 * POST /api/catalogue/import/preview multipart {file: .xlsx or .csv, ≤ 10 MiB} → 200 {token,
 * counts: {added, changed, retired, reinstated, unchanged}, added, changed, retired, reinstated}, changing nothing ·
 * POST /api/catalogue/import multipart {file, token} → 200 {imported: N} ·
 * GET /api/admin/catalogue/workbook.xlsx → the staff workbook (every active line with its code and
 * trade columns, as the import reads them; private, never cached).
 * The import covers the whole catalogue in one transaction (the admin uploads the full list,
 * e.g. the downloadable workbook after editing; a file without the optional trade columns keeps
 * every line's prices): rows update their lines in place by product code, lines the file lacks are
 * retired. It is previewed first and confirmed with the
 * preview's token: the same file (by SHA-256) on the same catalogue revision, else 422 errors.token
 * and nothing changes. Any bad row → 422 {errors: {rows: ["Row 5: …"]}} by spreadsheet row number;
 * a file-level problem → 422 errors.file; not a spreadsheet → 415 errors.file; over 10 MiB → 413.
 */
export function catalogueAdminRoutes(catalogue: CatalogueService, config: Pick<Config, 'varDir' | 'business'>): Router {
  const router = new Router();
  const slug = slugify(config.business.shortName) || 'catalogue';
  const uploadDir = path.join(config.varDir, 'tmp');

  const upload = multipart({ uploadDir, maxFileSize: IMPORT_MAX_BYTES });
  const requiredFile = (ctx: Parameters<typeof uploadedFile>[0]) => {
    const file = uploadedFile(ctx, 'file');
    if (!file) throw validationError({ file: ['The file field is required.'] });
    return file.filepath;
  };

  router.post('/api/catalogue/import/preview', requireAdmin, upload, async (ctx) => {
    const file = requiredFile(ctx);
    const items = await readCatalogueFile(file);
    ctx.body = await catalogue.previewImport(items, await fileSha256(file));
  });

  router.post('/api/catalogue/import', requireAdmin, upload, async (ctx) => {
    const { token } = validate(importConfirmSchema, ctx.request.body);
    const file = requiredFile(ctx);
    const expectedRevision = tokenRevision(token);
    // The token must name this very file; the service checks the revision under a lock.
    if (expectedRevision === undefined || token !== previewToken(expectedRevision, await fileSha256(file))) {
      throw validationError({ token: [PREVIEW_STALE] });
    }
    const items = await readCatalogueFile(file);
    ctx.body = { imported: await catalogue.replaceAll(items, { expectedRevision }) };
  });

  router.get('/api/admin/catalogue/workbook.xlsx', requireAdmin, async (ctx) => {
    // Written in full before answering, so a failure is a clean 500 rather than a cut-off file
    // (a few MB at most: the catalogue is bounded by the import's row limit).
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    const issued = new Date();
    await catalogue.staffWorkbook(sink, { business: config.business, issued });
    ctx.type = DOWNLOADS.xlsx.contentType;
    // Every trade price: never in any cache, shared or the browser's.
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('Content-Disposition', `attachment; filename="${slug}-staff-workbook-${issueDateIso(issued)}.xlsx"`);
    ctx.body = Buffer.concat(chunks);
  });

  router.post('/api/catalogue', requireAdmin, async (ctx) => {
    ctx.status = 201;
    ctx.body = await catalogue.create(validate(itemSchema, ctx.request.body));
  });

  router.patch('/api/catalogue/:id', requireAdmin, async (ctx) => {
    const id = idParam(ctx.params.id);
    ctx.body = await catalogue.update(id, validate(itemPatchSchema, ctx.request.body));
  });

  // Lines are retired, never deleted: plant lists and quote requests keep pointing at them.
  router.delete('/api/catalogue/:id', requireAdmin, async (ctx) => {
    await catalogue.retire(idParam(ctx.params.id));
    ctx.status = 204;
  });

  router.get('/api/catalogue/retired', requireAdmin, async (ctx) => {
    ctx.body = await catalogue.retired(validate(retiredQuerySchema, ctx.query));
  });

  router.post('/api/catalogue/:id/reinstate', requireAdmin, async (ctx) => {
    ctx.body = await catalogue.reinstate(idParam(ctx.params.id));
  });

  return router;
}
