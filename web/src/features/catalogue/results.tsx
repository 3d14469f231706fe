import { useRef } from 'react';
import { Link } from 'react-router-dom';
import buttons from '../../components/button.module.css';
import { cx } from '../../components/cx.ts';
import { Loading } from '../../components/loading.tsx';
import type { CataloguePage } from '../../../../shared/api/catalogue.ts';
import { CatalogueLines } from './catalogue-lines.tsx';
import { PAGE_SIZE } from './constants.ts';
import { DidYouMean } from './did-you-mean.tsx';
import { PageLinks } from './page-links.tsx';
import { catalogueHref } from './use-catalogue-params.ts';
import type { CatalogueFilters } from './use-catalogue-params.ts';
import styles from './results.module.css';

/** Props of {@link Results}. */
export interface ResultsProps {
  data: CataloguePage | undefined;
  filters: CatalogueFilters;
  isLoading: boolean;
  isFetching: boolean;
  failed: boolean;
}

/**
 * The results: a heading with the count (a live region, so a new search is announced), any "did
 * you mean" suggestion, the lines, and page links. The previous page stays visible, dimmed,
 * while the next loads. Paging and "clear" are links, so they work without JavaScript too.
 */
export function Results({ data, filters, isLoading, isFetching, failed }: ResultsProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const page = filters.page;

  const followPage = () => {
    // Start reading (and tabbing) from the top of the new page of results.
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  const rows = data?.results ?? [];
  const total = data?.total ?? 0;
  const first = page * PAGE_SIZE + 1;
  const last = page * PAGE_SIZE + rows.length;
  const label = rows.length ? `Plants ${first} to ${last} of ${total}` : 'No plants';
  const filtered = Boolean(filters.q || filters.genus || filters.form || filters.height);

  return (
    <section className={styles.results} aria-labelledby="catalogue-results" aria-busy={isFetching}>
      <div className={styles.summary}>
        <h2 id="catalogue-results" ref={headingRef} tabIndex={-1}>
          Results
        </h2>
        <p aria-live="polite" className={styles.count}>
          {data && !failed && (rows.length ? `Showing ${first}–${last} of ${total} plants` : '')}
          {isFetching && <Loading inline label="Searching…" />}
        </p>
      </div>
      {data && !failed && <DidYouMean genera={data.did_you_mean ?? []} filters={filters} found={rows.length > 0} />}
      {failed && !data ? (
        <div className={styles.empty}>
          <p>Sorry, the catalogue could not be loaded just now. Please try again shortly, or download the PDF above.</p>
        </div>
      ) : isLoading ? (
        <Loading label="Loading the catalogue…" showLabel />
      ) : rows.length === 0 ? (
        <div className={styles.empty}>
          <p>
            <strong>No plants match your search.</strong>
          </p>
          <p>Try another spelling, a genus on its own, or fewer filters.</p>
          {filtered && (
            <p>
              <Link to="/catalogue" className={buttons.secondary}>
                Clear search and filters
              </Link>
            </p>
          )}
        </div>
      ) : (
        <div className={cx(isFetching && styles.busy)}>
          <CatalogueLines rows={rows} label={label} />
        </div>
      )}
      <PageLinks
        page={page}
        total={total}
        limit={PAGE_SIZE}
        hrefFor={(target) => catalogueHref({ ...filters, page: target })}
        onFollow={followPage}
        label="Catalogue pages"
      />
    </section>
  );
}
