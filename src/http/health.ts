import Router from '@koa/router';
import type { Deps } from '../deps.ts';

/** Liveness (the process answers) and readiness (database and queue reachable). */
export function healthRoutes(deps: Pick<Deps, 'db' | 'queue'>): Router {
  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const [database, queue] = await Promise.all([
      deps.db.raw('select 1').then(
        () => true,
        () => false,
      ),
      deps.queue.ping().catch(() => false),
    ]);
    ctx.status = database && queue ? 200 : 503;
    ctx.body = { status: database && queue ? 'ok' : 'unavailable', database, queue };
  });
  return router;
}
