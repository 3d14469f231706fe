import Router from '@koa/router';
import type { Config } from '../../config.ts';
import { directionsUrl } from './directions.ts';

/**
 * The business details the header, footer, contact and find pages show (configured, not
 * stored), with the directions link built once here so the page and the JSON-LD agree.
 */
export function siteRoutes(config: Config): Router {
  const router = new Router();
  const body = JSON.stringify({ ...config.business, directionsUrl: directionsUrl(config.business.geo) });
  router.get('/api/site', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.type = 'json';
    ctx.body = body;
  });
  return router;
}
