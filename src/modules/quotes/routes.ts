import Router from '@koa/router';
import type { Deps } from '../../deps.ts';
import { requireUser } from '../../http/guards.ts';
import { idParam } from '../../http/params.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { validate } from '../../validation/validate.ts';
import type { QuoteDefaults } from '../../../shared/api/quotes.ts';
import type { QuotationService } from '../quotations/service.ts';
import type { User } from '../users/service.ts';
import { accountName, buyerQuoteSchema, guestQuoteSchema, mineQuery, type QuoteInput } from './schema.ts';
import type { QuoteService } from './service.ts';

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The body with a blank company and postcode taken from the buyer's trade account, before
 * validation: a request from an approved buyer never arrives without the company, and the
 * account's postcode is checked and formatted like a typed one. A value the buyer gave wins.
 */
function withAccountDefaults(body: unknown, defaults: QuoteDefaults): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const given = body as Record<string, unknown>;
  const filled = { ...given };
  if (blank(given.company) && defaults.company) filled.company = defaults.company;
  if (blank(given.delivery_postcode) && defaults.delivery_postcode) filled.delivery_postcode = defaults.delivery_postcode;
  return filled;
}

/** A signed-in buyer's request: name and email from the account, company and postcode from the trade account, unless given. */
function buyerInput(user: User, body: unknown, defaults: QuoteDefaults): QuoteInput {
  const input = validate(buyerQuoteSchema, withAccountDefaults(body, defaults));
  return {
    ...input,
    name: input.name ?? accountName(user.firstname, user.lastname),
    email: input.email ?? user.email,
    telephone: input.telephone ?? '',
  };
}

/**
 * Quote requests, buyer side:
 * POST /api/quote-requests (CSRF, rate limited per IP like the contact form) {lines, delivery_postcode,
 *   wanted_by?, notes?, name, company?, email, telephone} → 201 {id, reference}; a signed-in buyer
 *   may leave out name/email (the account's), company/delivery_postcode (their approved trade
 *   account's) and lines (their stored list, then emptied) ·
 * GET /api/quote-requests/defaults → {company, delivery_postcode}: the form's prefill (signed in) ·
 * GET /api/quote-requests?limit=&page= → {results, total}, mine, newest first ·
 * GET /api/quote-requests/{id} → mine with lines and its sent quotations (newest version first), else 404 ·
 * POST /api/quote-requests/{id}/copy → my plant list with its lines merged in.
 */
export function quoteRoutes(deps: Deps, quotes: QuoteService, quotations: Pick<QuotationService, 'forRequest'>): Router {
  // Its own counter at the contact form's rate: a burst of one does not block the other.
  const limiter = deps.limiters({ name: 'quote-requests', points: deps.config.contactPerMinute, durationSeconds: 60 });
  const router = new Router();
  const userOf = (state: Record<string, unknown>) => state.user as User | undefined;

  router.post(
    '/api/quote-requests',
    rateLimit(limiter, (ctx) => ctx.ip),
    async (ctx) => {
      const user = userOf(ctx.state);
      const input = user
        ? buyerInput(user, ctx.request.body, await quotes.defaultsFor(user.id))
        : validate(guestQuoteSchema, ctx.request.body);
      ctx.body = await quotes.request(input, user?.id ?? null, ctx.ip);
      ctx.status = 201;
    },
  );

  router.get('/api/quote-requests', requireUser, async (ctx) => {
    ctx.body = await quotes.mine(userOf(ctx.state)!.id, validate(mineQuery, ctx.query));
  });

  // Before /:id, which would take "defaults" for an id.
  router.get('/api/quote-requests/defaults', requireUser, async (ctx) => {
    ctx.body = await quotes.defaultsFor(userOf(ctx.state)!.id);
  });

  router.get('/api/quote-requests/:id', requireUser, async (ctx) => {
    // Ownership first: mineOne is a 404 for another buyer's request, before any quotation is read.
    const request = await quotes.mineOne(userOf(ctx.state)!.id, idParam(ctx.params.id));
    ctx.body = { ...request, quotations: await quotations.forRequest(request.id) };
  });

  router.post('/api/quote-requests/:id/copy', requireUser, async (ctx) => {
    ctx.body = await quotes.copy(userOf(ctx.state)!.id, idParam(ctx.params.id));
  });

  return router;
}
