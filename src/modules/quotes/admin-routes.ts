import Router from '@koa/router';
import { requireAdmin } from '../../http/guards.ts';
import { idParam } from '../../http/params.ts';
import { validate } from '../../validation/validate.ts';
import { adminListQuery, statusSchema } from './schema.ts';
import type { QuoteService } from './service.ts';

/**
 * Quote requests in the admin inbox:
 * GET /api/admin/quote-requests?status=&limit=&page= → {results: [… line_count], total}, newest first ·
 * GET /api/admin/quote-requests/{id} → one with lines, each with today's trade price for its
 *   quantity and availability, and the estimated total ex VAT (AdminQuoteRequestDetail) ·
 * PATCH /api/admin/quote-requests/{id} {status: new|quoted|won|lost} → the same.
 */
export function quoteAdminRoutes(quotes: QuoteService): Router {
  const router = new Router();

  router.get('/api/admin/quote-requests', requireAdmin, async (ctx) => {
    const { status, ...paging } = validate(adminListQuery, ctx.query);
    ctx.body = await quotes.list(paging, status);
  });

  router.get('/api/admin/quote-requests/:id', requireAdmin, async (ctx) => {
    ctx.body = await quotes.find(idParam(ctx.params.id));
  });

  router.patch('/api/admin/quote-requests/:id', requireAdmin, async (ctx) => {
    const id = idParam(ctx.params.id);
    ctx.body = await quotes.setStatus(id, validate(statusSchema, ctx.request.body).status);
  });

  return router;
}
