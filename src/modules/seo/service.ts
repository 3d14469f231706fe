import type { Deps } from '../../deps.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import { DISALLOWED_PATHS, PUBLIC_PAGES } from './pages.ts';
import { contentChanges } from './store.ts';
import { renderRobots, renderSitemap, type SitemapEntry } from './xml.ts';

/** The newest of some dates; undefined when there are none (no invented date). */
const newest = (dates: (Date | undefined)[]) =>
  dates.reduce<Date | undefined>((best, date) => (date && (!best || date > best) ? date : best), undefined);

/** robots.txt and sitemap.xml, built from the configured public URL and the stored content. */
export function seoService(deps: Pick<Deps, 'config' | 'db'>, catalogue: Pick<CatalogueService, 'genera' | 'changedAt'>) {
  const base = deps.config.appUrl;
  const robots = renderRobots(base, DISALLOWED_PATHS);

  return {
    robots: () => robots,

    /** Every public page and every genus page, each dated by the data it shows. */
    async sitemapEntries(): Promise<SitemapEntry[]> {
      const [changes, genera, catalogueChanged] = await Promise.all([
        contentChanges(
          deps.db,
          PUBLIC_PAGES.flatMap((p) => p.widgets),
          PUBLIC_PAGES.flatMap((p) => (p.gallery === undefined ? [] : [p.gallery])),
        ),
        catalogue.genera(),
        catalogue.changedAt(),
      ]);
      const pages = PUBLIC_PAGES.map((page) => ({
        loc: `${base}${page.path}`,
        lastmod: newest([
          ...page.widgets.map((name) => changes.widgets.get(name.toLowerCase())),
          page.gallery === undefined ? undefined : changes.galleries.get(page.gallery),
          ...(page.catalogue ? [catalogueChanged, ...genera.map((g) => new Date(g.updated_at))] : []),
        ]),
      }));
      const genusPages = genera.map((g) => ({ loc: `${base}/catalogue/genus/${g.slug}`, lastmod: new Date(g.updated_at) }));
      return [...pages, ...genusPages];
    },

    /** The sitemap document. */
    async sitemap(): Promise<string> {
      return renderSitemap(await this.sitemapEntries());
    },
  };
}
export type SeoService = ReturnType<typeof seoService>;
