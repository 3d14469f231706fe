import Router from '@koa/router';
import type { Deps } from '../../deps.ts';
import { requireAdmin, requireVerified } from '../../http/guards.ts';
import { idParam } from '../../http/params.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { sendStored } from '../../http/send-stored.ts';
import type { Storage } from '../../storage/types.ts';
import { validate } from '../../validation/validate.ts';
import { TRADE_ACCOUNT_ACTIONS } from '../../../shared/api/trade.ts';
import { accountActionSchema, adminListSchema, applicationSchema, rejectSchema } from './schema.ts';
import type { TradeService } from './service.ts';

const userId = (state: Record<string, unknown>) => (state.user as { id: number }).id;

/**
 * Per buyer: a company applies once in a long while, and a price list is rendered from a catalogue
 * that changes a few times a day. The limits sit far above honest use and stop a script from
 * filling the staff's list of applications or keeping the worker busy rendering.
 */
export const APPLICATIONS_PER_HOUR = 5;
export const PRICE_LISTS_PER_HOUR = 20;

/**
 * Trade accounts.
 * Buyer (signed in, verified): POST /api/trade-application (rate limited per buyer) {company_name, business_type,
 *   company_number?, vat_number? (one of the two), delivery_postcode, invoice_email} → 201 {data} ·
 *   GET /api/trade-application → {data: TradeApplication | null} (the latest of the buyer's own).
 * Admin: GET /api/admin/trade-applications?status= → {data: AdminTradeApplication[]} ·
 *   POST /api/admin/trade-applications/:id/approve → {data} ·
 *   POST /api/admin/trade-applications/:id/reject {reason?} → {data}; each decision mails the buyer ·
 *   POST /api/admin/trade-applications/:id/suspend|revoke {reason} and …/reinstate {reason?} →
 *   {data: AdminTradeAccount}; each mails the buyer, 422 when the account's status does not allow it ·
 *   GET /api/admin/users/:id/trade-account → {data: AdminTradeAccount[]} (newest first, with history).
 * Price list (approved buyers; others 403): POST /api/price-list (rate limited per buyer) → 202 PriceListStatus (a job
 *   renders it) · GET /api/price-list → PriceListStatus · GET /downloads/price-list.pdf|.xlsx → the
 *   buyer's own file, 404 until rendered. There is no id in these URLs: nobody can name another's.
 */
export function tradeRoutes(deps: Pick<Deps, 'limiters'>, trade: TradeService, storage: Storage): Router {
  const router = new Router();
  const perBuyer = (name: string, points: number) =>
    rateLimit(deps.limiters({ name, points, durationSeconds: 3600 }), (ctx) => String(userId(ctx.state)));

  router.post('/api/trade-application', requireVerified, perBuyer('trade-applications', APPLICATIONS_PER_HOUR), async (ctx) => {
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

  for (const action of TRADE_ACCOUNT_ACTIONS) {
    router.post(`/api/admin/trade-applications/:id/${action}`, requireAdmin, async (ctx) => {
      const id = idParam(ctx.params.id);
      const { reason } = validate(accountActionSchema, ctx.request.body);
      ctx.body = { data: await trade.act(id, userId(ctx.state), action, reason) };
    });
  }

  router.get('/api/admin/users/:id/trade-account', requireAdmin, async (ctx) => {
    ctx.body = { data: await trade.accountsOfUser(idParam(ctx.params.id)) };
  });

  router.post('/api/price-list', requireVerified, perBuyer('price-lists', PRICE_LISTS_PER_HOUR), async (ctx) => {
    ctx.status = 202;
    ctx.body = await trade.requestPriceList(userId(ctx.state));
  });

  router.get('/api/price-list', requireVerified, async (ctx) => {
    ctx.body = await trade.priceList(userId(ctx.state));
  });

  for (const [format, type] of [
    ['pdf', 'application/pdf'],
    ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ] as const) {
    router.get(`/downloads/price-list.${format}`, requireVerified, async (ctx) => {
      const file = await trade.priceListFile(userId(ctx.state), format);
      ctx.type = type;
      ctx.lastModified = file.generatedAt;
      // Personal prices: never in a shared cache.
      ctx.set('Cache-Control', 'private, no-cache');
      ctx.set('Content-Disposition', `attachment; filename="price-list-${file.generatedAt.toISOString().slice(0, 10)}.${format}"`);
      await sendStored(ctx, storage, file.key, file.bytes);
    });
  }

  return router;
}
