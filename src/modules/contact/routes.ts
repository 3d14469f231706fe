import Router from '@koa/router';
import type { Context } from 'koa';
import type { FormPostResult } from '../../../shared/server-render.ts';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../errors.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { consume } from '../../limiters.ts';
import { validate } from '../../validation/validate.ts';
import { contactSchema } from './schema.ts';
import type { ContactService } from './service.ts';

const SENT = 'Your message was sent successfully';
const FIELDS = ['name', 'telephone', 'email', 'message'] as const;

/** Answers a request with the server-rendered page for its URL, showing a form post's outcome. */
export type RespondWithPage = (ctx: Context, formPost: FormPostResult) => Promise<boolean>;

/**
 * POST /api/contact (the app's JSON post) and POST /contact (the same form without JavaScript:
 * url-encoded, CSRF token in `_token`). Both are rate limited per IP by one counter, validated,
 * stored, then mailed by a job. The form post answers 303 → /contact/sent, or the contact page
 * rendered with the values and first errors (422) or the reason (429), so nothing typed is lost.
 */
export function contactRoutes(deps: Deps, contact: ContactService, respondWithPage: RespondWithPage): Router {
  const limiter = deps.limiters({ name: 'contact', points: deps.config.contactPerMinute, durationSeconds: 60 });
  const router = new Router();
  router.post(
    '/api/contact',
    rateLimit(limiter, (ctx) => ctx.ip),
    async (ctx) => {
      const input = validate(contactSchema, ctx.request.body);
      await contact.receive(input, ctx.ip);
      ctx.status = 201;
      ctx.body = { message: SENT };
    },
  );

  router.post('/contact', async (ctx) => {
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const values = Object.fromEntries(FIELDS.map((field) => [field, typeof body[field] === 'string' ? body[field] : '']));
    try {
      await consume(limiter, ctx.ip);
      await contact.receive(validate(contactSchema, values), ctx.ip);
    } catch (error) {
      if (!(error instanceof HttpError) || (error.status !== 422 && error.status !== 429)) throw error;
      const errors = (error.body().errors ?? {}) as Record<string, string[]>;
      const formPost: FormPostResult =
        error.status === 422
          ? {
              form: 'contact',
              status: 'invalid',
              values,
              errors: Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list[0] ?? ''])),
            }
          : { form: 'contact', status: 'failed', values, errors: {}, message: error.message };
      if (!(await respondWithPage(ctx, formPost))) throw error;
      ctx.status = error.status;
      ctx.set(error.headers);
      return;
    }
    ctx.status = 303;
    ctx.redirect('/contact/sent');
  });
  return router;
}
