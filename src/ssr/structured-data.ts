import type { PageMeta } from '../../shared/server-render.ts';
import type { Config } from '../config.ts';

/**
 * The schema.org objects in every page's head: the business on every page, and the breadcrumb
 * trail (Home first) on inner pages.
 */
export function structuredData(config: Pick<Config, 'appUrl' | 'business'>, meta: PageMeta): object[] {
  const objects: object[] = [];
  if (meta.breadcrumbs?.length && !meta.notFound) {
    const trail = [{ name: 'Home', path: '/' }, ...meta.breadcrumbs];
    objects.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: trail.map((crumb, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: crumb.name,
        item: new URL(crumb.path, `${config.appUrl}/`).href,
      })),
    });
  }
  return objects;
}
