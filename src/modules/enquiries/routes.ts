import Router from '@koa/router';
import { requireAdmin } from '../../http/guards.ts';
import { pagingSchema } from '../../validation/paging.ts';
import { idParam } from '../../http/params.ts';
import { validate } from '../../validation/validate.ts';
import { handleSchema } from './schema.ts';
import type { EnquiryService } from './service.ts';

/**
 * Enquiries (contact messages), admin only:
 * GET /api/enquiries?limit=20&page=0 → {results: [{id, name, email, telephone, message, created_at,
 *   handled_at, emailed_at}], total}, newest first ·
 * GET /api/enquiries/{id} → one · PATCH /api/enquiries/{id} {handled: bool} → 200 one ·
 * DELETE /api/enquiries/{id} → 204.
 */
export function enquiryRoutes(enquiries: EnquiryService): Router {
  const router = new Router();
  const listQuery = pagingSchema(20);

  router.get('/api/enquiries', requireAdmin, async (ctx) => {
    ctx.body = await enquiries.list(validate(listQuery, ctx.query));
  });

  router.get('/api/enquiries/:id', requireAdmin, async (ctx) => {
    ctx.body = await enquiries.find(idParam(ctx.params.id));
  });

  router.patch('/api/enquiries/:id', requireAdmin, async (ctx) => {
    const id = idParam(ctx.params.id);
    ctx.body = await enquiries.setHandled(id, validate(handleSchema, ctx.request.body).handled);
  });

  router.delete('/api/enquiries/:id', requireAdmin, async (ctx) => {
    await enquiries.remove(idParam(ctx.params.id));
    ctx.status = 204;
  });

  return router;
}
