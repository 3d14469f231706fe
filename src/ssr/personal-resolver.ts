import type { ServerApiResolver } from '../../shared/server-render.ts';
import { presentSession } from '../modules/users/presenter.ts';
import type { User } from '../modules/users/service.ts';
import type { Services } from '../services.ts';
import type { Viewer } from '../viewer.ts';

/**
 * The reads a personal page (src/ssr/paths.ts) makes beside the public ones, answered as the API
 * would answer the visitor: who is signed in (GET /api/session, so the header offers "My account"
 * to a signed-in buyer) and their own plant list (GET /api/plant-list: 401 for a guest; lines
 * priced for their viewer). Such a page is rendered for one visitor and never cached or shared.
 */
export function personalResolver(
  publicReads: ServerApiResolver,
  services: Services,
  visitor: { user: User | undefined; viewer: Viewer | undefined },
): ServerApiResolver {
  const { user, viewer } = visitor;
  return async (url) => {
    const { pathname } = new URL(url, 'http://server-render.invalid');
    if (pathname === '/api/session') return { data: presentSession(user) };
    if (pathname !== '/api/plant-list') return publicReads(url);
    if (!viewer?.userId) return { error: { status: 401, data: { message: 'Unauthenticated.' } } };
    // Through JSON, as the browser would receive it (Dates become strings).
    return { data: JSON.parse(JSON.stringify(await services.plantLists.list(viewer.userId, viewer))) as unknown };
  };
}
