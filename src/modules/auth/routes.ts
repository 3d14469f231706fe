import Router from '@koa/router';
import type { Deps } from '../../deps.ts';
import { unauthenticated } from '../../http/errors.ts';

/**
 * Authentication routes (Fortify-compatible). For now: the CSRF cookie and the current user,
 * which is always a guest until accounts land.
 */
export function authRoutes(_deps: Deps): Router {
  const router = new Router();
  router.get('/sanctum/csrf-cookie', (ctx) => {
    // The CSRF middleware (re)issues the XSRF-TOKEN cookie on this path.
    ctx.status = 204;
  });
  router.get('/api/user', () => {
    throw unauthenticated();
  });
  return router;
}
