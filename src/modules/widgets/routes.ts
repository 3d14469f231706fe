import Router from '@koa/router';
import type { WidgetService } from './service.ts';

/** Public widget routes. Admin routes arrive with the admin issue. */
export function widgetRoutes(widgets: WidgetService): Router {
  const router = new Router();
  router.get('/api/widgets/:idOrName', async (ctx) => {
    ctx.body = await widgets.findPublic(ctx.params.idOrName!);
  });
  return router;
}
