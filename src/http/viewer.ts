import type { Context, Middleware } from 'koa';
import { viewerFor, type Viewer, type ViewerUser } from '../viewer.ts';

/** What the auth and viewer middlewares leave on ctx.state. */
interface ViewerState {
  /** The signed-in user, or null once the auth middleware found no one; absent before it ran. */
  user?: ViewerUser | null;
  viewer?: Viewer;
}

/**
 * Resolves the request's viewer once, into ctx.state.viewer: the one place that decides who sees
 * trade prices. Mounted right after the auth middleware (src/app.ts). Mounted before it, it would
 * see no user and show every buyer the public catalogue, so it refuses to run until the auth
 * middleware has said who is signed in (ctx.state.user set, null for nobody).
 */
export function resolveViewer(isApprovedTrade: (userId: number, ctx: Context) => Promise<boolean>): Middleware {
  return async (ctx, next) => {
    const state = ctx.state as ViewerState;
    if (state.user === undefined)
      throw new Error('resolveViewer ran before the auth middleware set ctx.state.user: mount it after loadUser.');
    state.viewer = await viewerFor(state.user, (userId) => isApprovedTrade(userId, ctx));
    await next();
  };
}

/**
 * This request's viewer. Throws when {@link resolveViewer} has not run (a route mounted before it,
 * or an app without it): a misordered stack fails loudly instead of guessing who may see prices.
 */
export function viewerOf(ctx: Context): Viewer {
  const viewer = (ctx.state as ViewerState).viewer;
  if (!viewer) throw new Error('ctx.state.viewer was read before resolveViewer ran: mount it after loadUser, before the routes.');
  return viewer;
}
