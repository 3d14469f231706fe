import type { PageMeta } from '../../shared/server-render.ts';
import type { Config } from '../config.ts';
import { breadcrumbJsonLd, businessJsonLd } from '../modules/site/structured-data.ts';

/**
 * The schema.org objects in a page's head: the business on every page, and the breadcrumb trail
 * (Home first) on inner pages.
 */
export function structuredData(config: Pick<Config, 'appUrl' | 'business'>, meta: PageMeta): object[] {
  const objects: object[] = [businessJsonLd(config.business)];
  if (meta.breadcrumbs?.length && !meta.notFound) objects.push(breadcrumbJsonLd(config.appUrl, meta.breadcrumbs));
  return objects;
}
