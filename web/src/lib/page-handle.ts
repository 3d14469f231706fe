import type { Params } from 'react-router-dom';
import type { PageMeta } from '../../../shared/server-render.ts';
import type { AppDispatch, RootState } from './store.ts';

export type { Breadcrumb, PageMeta } from '../../../shared/server-render.ts';

/** Where a page is rendered: its route params and the full URL (query string included). */
export interface PageContext {
  params: Params;
  url: URL;
}

/**
 * A public page module exports `handle` beside its component, and its lazy route returns both.
 * The server runs `prefetch` before rendering (the RTK Query reads the page shows, dispatched
 * into the request's store and awaited) and `meta` after, with the filled store, to write the
 * page's <head>; in the browser `meta` sets the title and description after client navigation.
 * `prefetch` must dispatch exactly the query args the components will ask for, or the client
 * fetches again after hydration.
 */
export interface PageHandle {
  prefetch?(page: PageContext, dispatch: AppDispatch): PromiseLike<unknown>[];
  meta(page: PageContext, state: RootState): PageMeta;
}
