import type { AppDispatch } from './store.ts';
import type { Breadcrumb, PageHandle, PageMeta } from './page-handle.ts';
import { galleryApi } from './api/gallery-api.ts';
import { widgetApi } from './api/widget-api.ts';

/** The server-side reads of the named widgets (the args `<Widget name>` asks for). */
function prefetchWidgets(dispatch: AppDispatch, names: readonly string[]): PromiseLike<unknown>[] {
  return names.map((name) => dispatch(widgetApi.endpoints.getWidgetByName.initiate(name)));
}

/** The server-side read of a banner gallery (the arg `<GallerySlider galleryId>` asks for). */
function prefetchGallery(dispatch: AppDispatch, galleryId: number): PromiseLike<unknown> {
  return dispatch(galleryApi.endpoints.getGallery.initiate(galleryId));
}

/**
 * The handle of a page whose head does not depend on its data: fixed title and description, its
 * breadcrumb, and the widgets and banner gallery it shows.
 */
export function contentPageHandle(options: {
  title: string;
  description: string;
  breadcrumbs?: Breadcrumb[];
  widgets?: readonly string[];
  galleryId?: number;
  notFound?: boolean;
}): PageHandle {
  const meta: PageMeta = {
    title: options.title,
    description: options.description,
    breadcrumbs: options.breadcrumbs,
    notFound: options.notFound,
  };
  return {
    prefetch: (_page, dispatch) => [
      ...prefetchWidgets(dispatch, options.widgets ?? []),
      ...(options.galleryId === undefined ? [] : [prefetchGallery(dispatch, options.galleryId)]),
    ],
    meta: () => meta,
  };
}
