import Router from '@koa/router';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { KoaAdapter } from '@bull-board/koa';
import type { Middleware } from 'koa';
import type { JobQueue } from '../queue.ts';
import { notFound } from '../errors.ts';
import { requireAdmin } from './guards.ts';

/** Where the queue dashboard lives (CONTRACT "Operations"). */
const QUEUE_DASHBOARD_PATH = '/admin/queues';

/**
 * The BullMQ dashboard (bull-board) at /admin/queues, admins only: guests get 401 and everyone
 * else who is not a verified admin 403, as JSON, before bull-board sees the request. Being a
 * route, it answers before the SPA fallback (which would otherwise serve index.html for /admin/*);
 * a path under /admin/queues that bull-board does not know is a JSON 404, never the SPA.
 *
 * CSRF stays on: bull-board's UI calls its API with axios, which echoes the XSRF-TOKEN cookie in
 * X-XSRF-TOKEN on same-origin requests, so retry/clean/pause work like any other admin action.
 * With the in-process queue driver (no Redis) there is nothing to show: 404 for everyone.
 */
export function queueDashboardRoutes(queue: Pick<JobQueue, 'driver' | 'bullQueues'>): Router {
  const router = new Router();
  const paths = [QUEUE_DASHBOARD_PATH, `${QUEUE_DASHBOARD_PATH}/*rest`];
  const queues = queue.driver === 'bullmq' ? queue.bullQueues?.() : undefined;
  if (!queues?.length) {
    router.all(paths, () => {
      throw notFound();
    });
    return router;
  }

  const serverAdapter = new KoaAdapter().setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: queues.map((q) => new BullMQAdapter(q, { allowRetries: true })),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Nursery jobs' } },
  });
  // bull-board may bring its own (older) @types/koa; at runtime it is plain Koa middleware.
  const board = serverAdapter.registerPlugin() as unknown as Middleware;

  router.all(paths, requireAdmin, async (ctx) => {
    await board(ctx, async () => {});
    if (ctx.body === undefined && ctx.status === 404) throw notFound();
  });
  return router;
}
