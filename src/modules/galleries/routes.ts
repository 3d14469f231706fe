import Router from '@koa/router';
import { idParam } from '../../http/params.ts';
import type { GalleryService } from './service.ts';

/** Public gallery read. Admin routes arrive with the admin issue. */
export function galleryRoutes(galleries: GalleryService): Router {
  const router = new Router();
  router.get('/api/galleries/:id', async (ctx) => {
    ctx.body = await galleries.find(idParam(ctx.params.id), { publicOnly: true });
  });
  return router;
}
