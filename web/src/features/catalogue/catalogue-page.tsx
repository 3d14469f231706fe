import type { PageHandle } from '../../lib/page-handle.ts';
import { cx } from '../../components/cx.ts';
import { Widget } from '../../components/widget.tsx';
import { widgetApi } from '../../lib/api/widget-api.ts';
import { catalogueApi } from './api.ts';
import { Downloads } from './downloads.tsx';
import { GenusIndex } from './genus-index.tsx';
import { Results } from './results.tsx';
import { SearchForm } from './search-form.tsx';
import { searchFromFilters, searchFromParams, useCatalogueParams } from './use-catalogue-params.ts';
import { useViewerSearch } from './use-viewer-catalogue.ts';
import styles from './catalogue-page.module.css';

/** The reading notes' widget. */
const NOTES_WIDGET = 'CatalogueText';

/**
 * Product Listing / Online Catalogue: the PDF and Excel downloads, a searchable, filterable,
 * paged list of what the nursery grows, then the reading notes and a link to every genus page.
 * Downloads and search come first because on a phone the notes above them pushed the search
 * 1,700px down. (The notes stay open rather than in a <details>: they are the page's prose.)
 * The search lives in the URL.
 */
export function CataloguePage() {
  const [filters, update] = useCatalogueParams();
  const { data, error, isLoading, isFetching } = useViewerSearch(searchFromFilters(filters));
  const genera = data?.facets?.genus ?? [];

  return (
    <div className={cx('container', styles.page)}>
      <h1 className={styles.title}>Online Catalogue</h1>
      <Downloads />
      <section className={styles.search} aria-labelledby="catalogue-search">
        <h2 id="catalogue-search">Search the catalogue</h2>
        <SearchForm filters={filters} genera={genera} onChange={update} />
        <Results data={data} filters={filters} isLoading={isLoading} isFetching={isFetching && !isLoading} failed={Boolean(error)} />
      </section>
      <Widget name={NOTES_WIDGET} className={styles.notes} />
      <GenusIndex genera={genera} />
    </div>
  );
}

/** The search (from the URL), the downloads and the notes widget: everything the page reads. */
export const handle: PageHandle = {
  prefetch: ({ url }, dispatch) => [
    dispatch(catalogueApi.endpoints.searchCatalogue.initiate(searchFromParams(url.searchParams))),
    dispatch(catalogueApi.endpoints.getCatalogueDownloads.initiate()),
    dispatch(widgetApi.endpoints.getWidgetByName.initiate(NOTES_WIDGET)),
  ],
  meta: () => ({
    title: 'Online Catalogue',
    description:
      'Search the Hothfield Nurseries trade catalogue of trees, shrubs and hedging by genus, species, form and height, or download it as PDF or Excel.',
    breadcrumbs: [{ name: 'Catalogue', path: '/catalogue' }],
  }),
};
