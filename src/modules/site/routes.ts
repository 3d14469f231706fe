import Router from '@koa/router';
import type { Config } from '../../config.ts';

/** The business details the header, footer and contact page show (configured, not stored). */
export function siteRoutes(config: Config): Router {
  const router = new Router();
  const body = JSON.stringify(config.business);
  router.get('/api/site', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.type = 'json';
    ctx.body = body;
  });
  return router;
}
