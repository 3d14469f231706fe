import Router from '@koa/router';
import type { Deps } from '../../deps.ts';
import { requireUser } from '../../http/guards.ts';
import { idParam } from '../../http/params.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { unauthenticated } from '../../errors.ts';
import { consume } from '../../limiters.ts';
import { validate } from '../../validation/validate.ts';
import type { User } from '../users/service.ts';
import type { Answerer } from './answers.ts';
import { ukDay } from '../../../shared/uk-day.ts';
import { acceptSchema, copySchema, declineSchema, mineQuery, viewQuery } from './schema.ts';
import type { OrderService } from './service.ts';

/** Guesses at link tokens, and bursts of answers, per IP per minute. */
const ANSWERS_PER_MINUTE = 30;

/**
 * Answers to quotations, and orders, buyer side (CSRF on every POST):
 * POST /api/quotations/{id}/accept {po_number, delivery_address, delivery_postcode, wanted_by, token?}
 *   → 201 {id, reference}; 409 naming each line short of stock, or for a quotation not open
 *   (accepted, declined, expired, superseded) ·
 * POST /api/quotations/{id}/decline {reason, token?} → {id, status: 'declined'} ·
 *   both for the signed-in buyer of the quote request, or anyone with the link's token; else 404 ·
 * GET /api/orders?limit=&page= → {results, total}, mine, newest first ·
 * GET /api/orders/{id}?token= → mine (or the order a guest's quotation link made), else 404 ·
 * POST /api/orders/{id}/copy {new_list?} → my plant list with the order's lines merged in; with
 *   new_list true, a new list named after the order ("Order SO-…") holding them, its id and name.
 */
export function orderRoutes(deps: Deps, orders: OrderService): Router {
  const limiter = deps.limiters({ name: 'quotation-answers', points: ANSWERS_PER_MINUTE, durationSeconds: 60 });
  const router = new Router();
  const userOf = (state: Record<string, unknown>) => state.user as User | undefined;
  /** A guest must bring the link's token; without one the route is for signed-in buyers. */
  const answerer = (state: Record<string, unknown>, token: string | undefined): Answerer => {
    const user = userOf(state);
    if (!user && !token) throw unauthenticated();
    return { userId: user?.id ?? null, token };
  };

  router.post(
    '/api/quotations/:id/accept',
    rateLimit(limiter, (ctx) => ctx.ip),
    async (ctx) => {
      const id = idParam(ctx.params.id);
      const input = validate(acceptSchema(ukDay(deps.now())), ctx.request.body);
      ctx.body = await orders.accept(id, answerer(ctx.state, input.token), input);
      ctx.status = 201;
    },
  );

  router.post(
    '/api/quotations/:id/decline',
    rateLimit(limiter, (ctx) => ctx.ip),
    async (ctx) => {
      const id = idParam(ctx.params.id);
      const input = validate(declineSchema, ctx.request.body);
      ctx.body = await orders.decline(id, answerer(ctx.state, input.token), input.reason);
    },
  );

  router.get('/api/orders', requireUser, async (ctx) => {
    ctx.body = await orders.mine(userOf(ctx.state)!.id, validate(mineQuery, ctx.query));
  });

  router.get('/api/orders/:id', async (ctx) => {
    const id = idParam(ctx.params.id);
    const { token } = validate(viewQuery, ctx.query);
    // A token is a guess until it matches: counted like answers, so ids × tokens cannot be walked.
    if (token) await consume(limiter, ctx.ip);
    ctx.body = await orders.view(id, answerer(ctx.state, token));
  });

  router.post('/api/orders/:id/copy', requireUser, async (ctx) => {
    const id = idParam(ctx.params.id);
    const { new_list: newList } = validate(copySchema, ctx.request.body ?? {});
    ctx.body = await orders.copy(userOf(ctx.state)!.id, id, { newList });
  });

  return router;
}
