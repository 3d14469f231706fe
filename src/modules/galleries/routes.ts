import path from 'node:path';
import Router from '@koa/router';
import type { Config } from '../../config.ts';
import { validationError } from '../../errors.ts';
import { requireAdmin } from '../../http/guards.ts';
import { pagingSchema } from '../../validation/paging.ts';
import { idParam } from '../../http/params.ts';
import { multipart, uploadedFile } from '../../http/uploads.ts';
import { MiB } from '../../bytes.ts';
import { validate } from '../../validation/validate.ts';
import type { GalleryImageService } from './images-service.ts';
import { galleryNameSchema, imageFieldsSchema, orderSchema, uploadSchema } from './schema.ts';
import type { GalleryService } from './service.ts';

/** Largest gallery upload (spec §9). */
const GALLERY_UPLOAD_MAX_BYTES = 256 * MiB;

/**
 * Galleries. Public: GET /api/galleries/{id} → ready images only. Admin only:
 * GET /api/galleries?limit=12&page=0 → {results: [{id, name, image_url, thumb_url, image_count}], total} ·
 * GET /api/admin/galleries/{id} → the same shape as the public view but with EVERY image
 *   (processing, ready, failed), each with status, error, rotation and gallery_id ·
 * POST /api/galleries {name} → 201 {id} · POST /api/galleries/{id} {name} → 200 {id, name} ·
 * DELETE /api/galleries/{id} → 204 (images and files too; galleries 1–3 → 422 errors.id) ·
 * POST /api/galleriesimages multipart {file, gallery_id} → 201 image (status processing); 413 over
 *   256 MiB, 415 not JPEG/PNG/WebP/AVIF/GIF by content, 422 unreadable or over the pixel limit ·
 * POST /api/galleriesimages/order {id, images: [{id}…]} → 200 {id, name, images} ·
 * POST /api/galleriesimages/{id} {alt, link, caption, caption_sub} → 200 image ·
 * POST /api/galleriesimages/{id}/rotate → 202 image (processing) ·
 * POST /api/galleriesimages/{id}/retry → 202 image (processing; only a failed image, else 422 errors.status) ·
 * DELETE /api/galleriesimages/{id} → 204.
 * Text-only forms accept JSON or multipart (the spec's gallery form posts multipart).
 */
export function galleryRoutes(galleries: GalleryService, images: GalleryImageService, config: Pick<Config, 'varDir'>): Router {
  const router = new Router();
  const uploadDir = path.join(config.varDir, 'tmp');
  const fieldsOnly = multipart({ uploadDir, maxFileSize: 0, maxFiles: 0 });
  const listQuery = pagingSchema(12);

  router.get('/api/galleries', requireAdmin, async (ctx) => {
    ctx.body = await galleries.list(validate(listQuery, ctx.query));
  });

  router.get('/api/galleries/:id', async (ctx) => {
    ctx.body = await galleries.find(idParam(ctx.params.id), { publicOnly: true });
  });

  router.get('/api/admin/galleries/:id', requireAdmin, async (ctx) => {
    ctx.body = await galleries.findForAdmin(idParam(ctx.params.id));
  });

  router.post('/api/galleries', requireAdmin, fieldsOnly, async (ctx) => {
    const { name } = validate(galleryNameSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await galleries.create(name);
  });

  router.post('/api/galleries/:id', requireAdmin, fieldsOnly, async (ctx) => {
    const id = idParam(ctx.params.id);
    ctx.body = await galleries.rename(id, validate(galleryNameSchema, ctx.request.body).name);
  });

  router.delete('/api/galleries/:id', requireAdmin, async (ctx) => {
    await galleries.remove(idParam(ctx.params.id));
    ctx.status = 204;
  });

  router.post('/api/galleriesimages', requireAdmin, multipart({ uploadDir, maxFileSize: GALLERY_UPLOAD_MAX_BYTES }), async (ctx) => {
    const { gallery_id } = validate(uploadSchema, ctx.request.body);
    const file = uploadedFile(ctx, 'file');
    if (!file) throw validationError({ file: ['The file field is required.'] });
    ctx.status = 201;
    ctx.body = await images.upload(gallery_id, file.filepath);
  });

  // Registered before /{id} so "order" is never read as an id.
  router.post('/api/galleriesimages/order', requireAdmin, async (ctx) => {
    const input = validate(orderSchema, ctx.request.body);
    await images.reorder(
      input.id,
      input.images.map((i) => i.id),
    );
    ctx.body = await galleries.findForAdmin(input.id);
  });

  router.post('/api/galleriesimages/:id', requireAdmin, fieldsOnly, async (ctx) => {
    const id = idParam(ctx.params.id);
    ctx.body = await images.update(id, validate(imageFieldsSchema, ctx.request.body));
  });

  router.post('/api/galleriesimages/:id/rotate', requireAdmin, async (ctx) => {
    const image = await images.rotate(idParam(ctx.params.id));
    ctx.status = 202;
    ctx.body = image;
  });

  router.post('/api/galleriesimages/:id/retry', requireAdmin, async (ctx) => {
    const image = await images.retry(idParam(ctx.params.id));
    ctx.status = 202;
    ctx.body = image;
  });

  router.delete('/api/galleriesimages/:id', requireAdmin, async (ctx) => {
    await images.remove(idParam(ctx.params.id));
    ctx.status = 204;
  });

  return router;
}
