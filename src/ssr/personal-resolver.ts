import type { ServerApiResolver } from '../../shared/server-render.ts';
import type { Services } from '../services.ts';
import type { Viewer } from '../viewer.ts';

/**
 * The reads a personal page (src/ssr/paths.ts) makes beside the public ones: the visitor's own
 * plant list, answered as GET /api/plant-list would answer them (401 for a guest; lines priced for
 * their viewer). Such a page is rendered for one visitor and never cached or shared.
 */
export function personalResolver(publicReads: ServerApiResolver, services: Services, viewer: Viewer | undefined): ServerApiResolver {
  return async (url) => {
    const { pathname } = new URL(url, 'http://server-render.invalid');
    if (pathname !== '/api/plant-list') return publicReads(url);
    if (!viewer?.userId) return { error: { status: 401, data: { message: 'Unauthenticated.' } } };
    // Through JSON, as the browser would receive it (Dates become strings).
    return { data: JSON.parse(JSON.stringify(await services.plantLists.list(viewer.userId, viewer))) as unknown };
  };
}
