import Router from '@koa/router';
import { requireAdmin } from '../../http/guards.ts';
import type { AdminStatsService } from './service.ts';

/**
 * GET /api/admin/stats (admin) → {users, enquiries: {last7, last30, perWeek: [{week, count}], unsent},
 * catalogue: {rows, generated_at}, queues: {waiting, failed}, quotes: {open}, trade: {pending},
 * orders: {to_pick},  * mails: {owed, refused}}. perWeek covers the last 12 weeks,
 * oldest first, zero weeks included; `week` is the Monday (YYYY-MM-DD, UK time). Queue figures
 * are -1 when the queue cannot be reached.
 */
export function adminRoutes(stats: AdminStatsService): Router {
  const router = new Router();
  router.get('/api/admin/stats', requireAdmin, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await stats.stats();
  });
  return router;
}
