import path from 'node:path';
import Router from '@koa/router';
import type { Config } from '../../config.ts';
import { requireAdmin } from '../../http/guards.ts';
import { idParam, textParam } from '../../http/params.ts';
import { multipart, uploadedFile } from '../../http/uploads.ts';
import { MiB } from '../../bytes.ts';
import { validate } from '../../validation/validate.ts';
import { createWidgetSchema, updateWidgetSchema } from './schema.ts';
import type { WidgetService } from './service.ts';

/** A widget picture is also served as uploaded (the fallback beside its renditions), so it is kept far smaller than a gallery photo. */
const WIDGET_IMAGE_MAX_BYTES = 20 * MiB;

/**
 * Widget routes. Public: GET /api/widgets/{idOrName}. Admin only:
 * GET /api/widgets → [{id, name, type}] ·
 * POST /api/widgets {name} → 201 {id} (always TEXT; 422 name required / taken, case-insensitively) ·
 * POST /api/widgets/{id} multipart {name, type TEXT|IMAGE, html, alt, image (file)} → 200 widget
 * (html sanitised; an IMAGE widget without a new file keeps its image; a new one is queued for
 * renditions and `srcset` is null until they are built; image errors under
 * `errors.image`: 415 wrong type, 422 unreadable / over the pixel limit, 413 over 20 MiB) ·
 * DELETE /api/widgets/{id} → 204 (its image file goes too).
 */
export function widgetRoutes(widgets: WidgetService, config: Pick<Config, 'varDir'>): Router {
  const router = new Router();
  const uploadDir = path.join(config.varDir, 'tmp');

  router.get('/api/widgets', requireAdmin, async (ctx) => {
    ctx.body = await widgets.list();
  });

  router.get('/api/widgets/:idOrName', async (ctx) => {
    ctx.type = 'json';
    ctx.body = (await widgets.findPublicJson(textParam(ctx.params.idOrName, 255))).json;
  });

  router.post('/api/widgets', requireAdmin, multipart({ uploadDir, maxFileSize: 0, maxFiles: 0 }), async (ctx) => {
    const { name } = validate(createWidgetSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await widgets.create(name);
  });

  router.post('/api/widgets/:id', requireAdmin, multipart({ uploadDir, maxFileSize: WIDGET_IMAGE_MAX_BYTES }), async (ctx) => {
    const id = idParam(ctx.params.id);
    const input = validate(updateWidgetSchema, ctx.request.body);
    const file = uploadedFile(ctx, 'image');
    ctx.body = await widgets.update(id, input, file ? { path: file.filepath } : undefined);
  });

  router.delete('/api/widgets/:id', requireAdmin, async (ctx) => {
    await widgets.remove(idParam(ctx.params.id));
    ctx.status = 204;
  });

  return router;
}
