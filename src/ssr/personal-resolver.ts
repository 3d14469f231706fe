import type { ServerApiResolver } from '../../shared/server-render.ts';
import { GUEST_LIST_SERVER_READ, readMirror } from '../../shared/guest-plant-list.ts';
import { presentSession } from '../modules/users/presenter.ts';
import { MAX_LINES } from '../modules/plant-lists/schema.ts';
import type { User } from '../modules/users/service.ts';
import type { Services } from '../services.ts';
import type { Viewer } from '../viewer.ts';

/** Who asked for a personal page: their session's user and viewer, and a guest's mirrored list (the cookie's value). */
export interface Visitor {
  user: User | undefined;
  viewer: Viewer | undefined;
  guestList: string | undefined;
}

const unauthenticated = { error: { status: 401, data: { message: 'Unauthenticated.' } } };

/** Through JSON, as the browser would receive it (Dates become strings). */
const asReceived = (value: unknown) => ({ data: JSON.parse(JSON.stringify(value)) as unknown });

/**
 * The reads a personal page (src/ssr/paths.ts) makes beside the public ones, answered as the API
 * would answer the visitor: who is signed in (GET /api/session, so the header offers "My account"
 * to a signed-in buyer), their own plant list (GET /api/plant-list: 401 for a guest; lines priced
 * for their viewer) and their named lists (GET /api/plant-lists, for the list switcher). A guest's
 * list is in their browser: the render reads the lines it mirrored into a cookie
 * (GUEST_LIST_SERVER_READ, shared/guest-plant-list.ts), so the page is drawn with them. Such a page
 * is rendered for one visitor and never cached or shared.
 */
export function personalResolver(publicReads: ServerApiResolver, services: Services, visitor: Visitor): ServerApiResolver {
  const { user, viewer } = visitor;
  const userId = viewer?.userId;
  return async (url) => {
    const { pathname } = new URL(url, 'http://server-render.invalid');
    switch (pathname) {
      case '/api/session':
        return { data: presentSession(user) };
      case '/api/plant-list':
        return userId ? asReceived(await services.plantLists.list(userId, viewer)) : unauthenticated;
      case '/api/plant-lists':
        return userId ? asReceived(await services.plantLists.summaries(userId)) : unauthenticated;
      case GUEST_LIST_SERVER_READ:
        return asReceived(await services.plantLists.guestList(userId ? [] : readMirror(visitor.guestList, MAX_LINES)));
      default:
        return publicReads(url);
    }
  };
}
