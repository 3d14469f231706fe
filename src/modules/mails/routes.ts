import Router from '@koa/router';
import { requireAdmin } from '../../http/guards.ts';
import { idParam } from '../../http/params.ts';
import { validate } from '../../validation/validate.ts';
import { mailListQuery } from './schema.ts';
import type { MailsService } from './service.ts';

/**
 * Outgoing mails, admin only:
 * GET /api/admin/mails?status=refused&page=0&limit=20 → {results: AdminMail[], total} (status
 *   owed|sent|refused|cancelled, refused by default; latest first) ·
 * POST /api/admin/mails/{id}/resend → 200 the mail, owed again and queued (404 unknown, 422 not refused).
 */
export function mailRoutes(mails: MailsService): Router {
  const router = new Router();
  router.get('/api/admin/mails', requireAdmin, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await mails.list(validate(mailListQuery, ctx.query));
  });
  router.post('/api/admin/mails/:id/resend', requireAdmin, async (ctx) => {
    ctx.body = await mails.resend(idParam(ctx.params.id));
  });
  return router;
}
