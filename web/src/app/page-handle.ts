import type { Params } from 'react-router-dom';
import type { AppDispatch, RootState } from './store.ts';

/** One step of a page's breadcrumb trail (schema.org BreadcrumbList), path relative to the site. */
export interface Breadcrumb {
  name: string;
  path: string;
}

/** What a public page tells search engines and link previews about itself. */
export interface PageMeta {
  /** The page's own title; the brand is appended (" | Hothfield Nurseries"). */
  title: string;
  description: string;
  /** Inner pages: the trail from Home (Home itself is added). */
  breadcrumbs?: Breadcrumb[];
  /** An absolute path or URL of the link-preview image; default: the home banner's first slide. */
  image?: string;
  /** The 404 page: not indexed, no canonical. */
  notFound?: boolean;
}

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
