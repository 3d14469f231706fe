import Router from '@koa/router';
import type { Deps } from '../../deps.ts';
import { requireAdmin } from '../../http/guards.ts';
import { idParam } from '../../http/params.ts';
import { validate } from '../../validation/validate.ts';
import type { User } from '../users/service.ts';
import { pickingListPdf } from './picking-list.ts';
import { adminListQuery, statusSchema } from './schema.ts';
import type { OrderService } from './service.ts';

/**
 * Orders in the admin:
 * GET /api/admin/orders?status=&from=&to=&q=&limit=&page= → {results, total}, newest first; from/to
 *   are UK days (both included); q searches reference, company and PO number ·
 * GET /api/admin/orders/{id} → the order with lines, history (who, when) and next_statuses ·
 * POST /api/admin/orders/{id}/status {status, note?} → the order after the move (409 for a move
 *   the order cannot make; cancelling gives back the reserved stock) ·
 * GET /api/admin/orders/{id}/picking-list.pdf → the picking list, streamed.
 */
export function orderAdminRoutes(deps: Pick<Deps, 'config' | 'now'>, orders: OrderService): Router {
  const router = new Router();

  router.get('/api/admin/orders', requireAdmin, async (ctx) => {
    ctx.body = await orders.adminList(validate(adminListQuery, ctx.query));
  });

  router.get('/api/admin/orders/:id', requireAdmin, async (ctx) => {
    ctx.body = await orders.adminOne(idParam(ctx.params.id));
  });

  router.post('/api/admin/orders/:id/status', requireAdmin, async (ctx) => {
    const id = idParam(ctx.params.id);
    const { status, note } = validate(statusSchema, ctx.request.body);
    ctx.body = await orders.setStatus(id, status, note, (ctx.state.user as User).id);
  });

  router.get('/api/admin/orders/:id/picking-list.pdf', requireAdmin, async (ctx) => {
    const { order, lines } = await orders.forPicking(idParam(ctx.params.id));
    ctx.type = 'application/pdf';
    ctx.attachment(`${order.reference}-picking-list.pdf`);
    ctx.body = pickingListPdf(order, lines, deps.config.business, deps.now());
  });

  return router;
}
