import Router from '@koa/router';
import type { SeoService } from './service.ts';

/** Crawlers may keep both a few minutes: a new genus or edit shows up soon enough. */
const CACHE = 'public, max-age=300';

/** GET /robots.txt and GET /sitemap.xml (served by the server now, not a static file). */
export function seoRoutes(seo: SeoService): Router {
  const router = new Router();

  router.get('/robots.txt', (ctx) => {
    ctx.set('Cache-Control', CACHE);
    ctx.type = 'text/plain; charset=utf-8';
    ctx.body = seo.robots();
  });

  router.get('/sitemap.xml', async (ctx) => {
    const xml = await seo.sitemap();
    ctx.set('Cache-Control', CACHE);
    ctx.type = 'application/xml; charset=utf-8';
    ctx.body = xml;
  });
  return router;
}
