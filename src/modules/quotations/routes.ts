import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../../deps.ts';
import type { GuardUser } from '../../http/guards.ts';
import { idParam } from '../../http/params.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import type { Storage } from '../../storage/types.ts';
import { sendQuotationPdf } from './admin-routes.ts';
import type { QuotationService } from './service.ts';

/** The query's token, when it is one string; anything else opens nothing. */
const tokenOf = (ctx: Context): string | undefined => (typeof ctx.query.token === 'string' ? ctx.query.token : undefined);
const userIdOf = (ctx: Context) => (ctx.state.user as GuardUser | undefined)?.id ?? null;

/**
 * A buyer's quotations (read only here; accepting is the orders module's):
 * GET /api/quotations/{id}[?token=] → Quotation: the signed-in owner's, or anyone's holding the
 *   mail's signed link while the quotation is valid; a draft, another's, or a wrong or expired
 *   token: 404 ·
 * GET /api/quotations/{id}/pdf[?token=] → its PDF, under the same rule.
 * Rate limited per IP: a token cannot be guessed, but nobody gets to try quickly.
 */
export function quotationRoutes(deps: Pick<Deps, 'limiters'>, quotations: QuotationService, storage: Storage): Router {
  const limiter = deps.limiters({ name: 'quotation-links', points: 120, durationSeconds: 60 });
  const limited = rateLimit(limiter, (ctx) => ctx.ip);
  const router = new Router();

  router.get('/api/quotations/:id', limited, async (ctx) => {
    ctx.body = await quotations.read(idParam(ctx.params.id), userIdOf(ctx), tokenOf(ctx));
  });

  router.get('/api/quotations/:id/pdf', limited, async (ctx) => {
    await sendQuotationPdf(ctx, storage, await quotations.pdf(idParam(ctx.params.id), userIdOf(ctx), tokenOf(ctx)));
  });

  return router;
}
