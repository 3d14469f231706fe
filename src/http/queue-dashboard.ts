import Router from '@koa/router';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { KoaAdapter } from '@bull-board/koa';
import type { Context, Middleware } from 'koa';
import type { JobQueue } from '../queue.ts';
import { notFound } from '../errors.ts';
import { requireAdmin } from './guards.ts';
import { A11Y_SCRIPT, A11Y_SCRIPT_PATH, EMBEDDED_QUEUES_PAGE, rewriteBoardHtml } from './queue-dashboard-page.ts';

/** Where the queue dashboard lives (CONTRACT "Operations"). */
const QUEUE_DASHBOARD_PATH = '/admin/queues';

/**
 * The BullMQ dashboard (bull-board) at /admin/queues, admins only: guests get 401 and everyone
 * else who is not a verified admin 403, as JSON, before bull-board sees the request. Being a
 * route, it answers before the SPA fallback (which would otherwise serve index.html for /admin/*);
 * a path under /admin/queues that bull-board does not know is a JSON 404, never the SPA.
 *
 * bull-board's page is served as its own site's would be, with nothing asked of another origin,
 * its buttons named and a link back to the admin (queue-dashboard-page.ts).
 *
 * CSRF stays on: bull-board's UI calls its API with axios, which echoes the XSRF-TOKEN cookie in
 * X-XSRF-TOKEN on same-origin requests, so retry/clean/pause work like any other admin action.
 * With the in-process queue driver (no Redis) there is no queue to show: /admin/queues is a page
 * saying that jobs run in the web process, and anything below it a 404.
 */
export function queueDashboardRoutes(queue: Pick<JobQueue, 'driver' | 'bullQueues'>): Router {
  const router = new Router();
  const paths = [QUEUE_DASHBOARD_PATH, `${QUEUE_DASHBOARD_PATH}/*rest`];
  const queues = queue.driver === 'bullmq' ? queue.bullQueues?.() : undefined;
  if (!queues?.length) {
    router.get(QUEUE_DASHBOARD_PATH, requireAdmin, (ctx) => {
      ctx.type = 'html';
      ctx.body = EMBEDDED_QUEUES_PAGE;
    });
    router.all(paths, () => {
      throw notFound();
    });
    return router;
  }

  const serverAdapter = new KoaAdapter().setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: queues.map((q) => new BullMQAdapter(q, { allowRetries: true })),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Nursery jobs', hideDocsLink: true } },
  });
  // bull-board may bring its own (older) @types/koa; at runtime it is plain Koa middleware.
  const board = serverAdapter.registerPlugin() as unknown as Middleware;

  router.get(A11Y_SCRIPT_PATH, requireAdmin, (ctx) => {
    ctx.type = 'text/javascript';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = A11Y_SCRIPT;
  });
  router.all(paths, requireAdmin, async (ctx) => {
    await board(ctx, async () => {});
    if (ctx.body === undefined && ctx.status === 404) throw notFound();
    if (ctx.response.is('html')) ctx.body = rewriteBoardHtml(await bodyText(ctx));
  });
  return router;
}

/** bull-board renders its page (koa-views) as a string; read it whatever form it took. */
async function bodyText(ctx: Context): Promise<string> {
  const body: unknown = ctx.body;
  if (typeof body === 'string') return body;
  if (Buffer.isBuffer(body)) return body.toString('utf8');
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer | string>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
