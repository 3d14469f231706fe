import Router from '@koa/router';
import type { Deps } from '../../deps.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { validate } from '../../http/validate.ts';
import { contactSchema } from './schema.ts';
import type { ContactService } from './service.ts';

/** POST /api/contact: rate limited per IP, validated, stored, then mailed by a job. */
export function contactRoutes(deps: Deps, contact: ContactService): Router {
  const limiter = deps.limiters({ name: 'contact', points: deps.config.contactPerMinute, durationSeconds: 60 });
  const router = new Router();
  router.post(
    '/api/contact',
    rateLimit(limiter, (ctx) => ctx.ip),
    async (ctx) => {
      const input = validate(contactSchema, ctx.request.body);
      await contact.receive(input, ctx.ip);
      ctx.status = 201;
      ctx.body = { message: 'Your message was sent successfully' };
    },
  );
  return router;
}
