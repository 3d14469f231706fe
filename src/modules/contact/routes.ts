import Router from '@koa/router';
import type { Deps } from '../../deps.ts';
import { pageForm, type RespondWithPage } from '../../http/page-form.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { consume } from '../../limiters.ts';
import { validate } from '../../validation/validate.ts';
import { contactSchema } from './schema.ts';
import type { ContactService } from './service.ts';

const SENT = 'Your message was sent successfully';
const FIELDS = ['name', 'telephone', 'email', 'message'] as const;

/**
 * POST /api/contact (the app's JSON post) and POST /contact (the same form without JavaScript:
 * url-encoded, CSRF token in `_token`). Both are rate limited per IP by one counter, validated,
 * stored, then mailed by a job. The form post answers 303 → /contact/sent, or the contact page
 * rendered with the values and first errors (422) or the reason (429), so nothing typed is lost
 * (src/http/page-form.ts).
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

  router.post(
    '/contact',
    pageForm(respondWithPage, { form: 'contact', kept: FIELDS, done: () => ({ redirect: '/contact/sent' }) }),
    async (ctx) => {
      const body = (ctx.request.body ?? {}) as Record<string, unknown>;
      const values = Object.fromEntries(FIELDS.map((field) => [field, typeof body[field] === 'string' ? body[field] : '']));
      await consume(limiter, ctx.ip);
      await contact.receive(validate(contactSchema, values), ctx.ip);
      ctx.status = 201;
      ctx.body = { message: SENT };
    },
  );
  return router;
}
