import Router from '@koa/router';
import { requireAdmin, requireVerified } from '../../http/guards.ts';
import { idParam } from '../../http/params.ts';
import { validate } from '../../validation/validate.ts';
import { adminListSchema, applicationSchema, rejectSchema } from './schema.ts';
import type { TradeService } from './service.ts';

const userId = (state: Record<string, unknown>) => (state.user as { id: number }).id;

/**
 * Trade accounts.
 * Buyer (signed in, verified): POST /api/trade-application {company_name, business_type,
 *   company_number?, vat_number? (one of the two), delivery_postcode, invoice_email} → 201 {data} ·
 *   GET /api/trade-application → {data: TradeApplication | null} (the latest of the buyer's own).
 * Admin: GET /api/admin/trade-applications?status= → {data: AdminTradeApplication[]} ·
 *   POST /api/admin/trade-applications/:id/approve → {data} ·
 *   POST /api/admin/trade-applications/:id/reject {reason?} → {data}; each decision mails the buyer.
 */
export function tradeRoutes(trade: TradeService): Router {
  const router = new Router();

  router.post('/api/trade-application', requireVerified, async (ctx) => {
    const input = validate(applicationSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = { data: await trade.apply(userId(ctx.state), input) };
  });

  router.get('/api/trade-application', requireVerified, async (ctx) => {
    ctx.body = { data: await trade.mine(userId(ctx.state)) };
  });

  router.get('/api/admin/trade-applications', requireAdmin, async (ctx) => {
    ctx.body = { data: await trade.list(validate(adminListSchema, ctx.query).status) };
  });

  router.post('/api/admin/trade-applications/:id/approve', requireAdmin, async (ctx) => {
    ctx.body = { data: await trade.decide(idParam(ctx.params.id), userId(ctx.state), 'approved') };
  });

  router.post('/api/admin/trade-applications/:id/reject', requireAdmin, async (ctx) => {
    const id = idParam(ctx.params.id);
    const { reason } = validate(rejectSchema, ctx.request.body);
    ctx.body = { data: await trade.decide(id, userId(ctx.state), 'rejected', reason) };
  });

  return router;
}
