import { cx } from '../../components/cx.ts';
import { usePageMeta } from '../../components/page-meta.ts';
import { Widget } from '../../components/widget.tsx';
import { facetValues, useSearchCatalogueQuery } from './api.ts';
import { PAGE_SIZE } from './constants.ts';
import { Downloads } from './downloads.tsx';
import { Results } from './results.tsx';
import { SearchForm } from './search-form.tsx';
import { useCatalogueParams } from './use-catalogue-params.ts';
import styles from './catalogue-page.module.css';

/**
 * Product Listing / Online Catalogue: intro text, the PDF and Excel downloads, and a searchable,
 * filterable, paged list of what the nursery grows. The search lives in the URL.
 */
export function CataloguePage() {
  usePageMeta(
    'Online Catalogue',
    'Search the Hothfield Nurseries trade catalogue of trees, shrubs and hedging by genus, species, form and height, or download it as PDF or Excel.',
  );
  const [filters, update] = useCatalogueParams();
  const { data, error, isLoading, isFetching } = useSearchCatalogueQuery({
    q: filters.q.trim(),
    genus: filters.genus,
    form: filters.form,
    height: filters.height,
    page: filters.page,
    limit: PAGE_SIZE,
  });
  const filtered = Boolean(filters.q || filters.genus || filters.form || filters.height);
  const clear = () => update({ q: '', genus: '', form: '', height: '' });

  return (
    <div className={cx('container', styles.page)}>
      <h1 className="visually-hidden">Product Listing / Online Catalogue</h1>
      <Widget name="CatalogueText" className={styles.intro} />
      <Downloads />
      <section className={styles.search} aria-labelledby="catalogue-search">
        <h2 id="catalogue-search">Search the catalogue</h2>
        <SearchForm filters={filters} genera={facetValues(data?.facets?.genus)} onChange={update} />
        <Results
          data={data}
          page={filters.page}
          isLoading={isLoading}
          isFetching={isFetching && !isLoading}
          failed={Boolean(error)}
          filtered={filtered}
          onPageChange={(page) => update({ page })}
          onClear={clear}
        />
      </section>
    </div>
  );
}
