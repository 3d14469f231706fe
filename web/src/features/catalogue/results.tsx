import { useRef } from 'react';
import buttons from '../../components/button.module.css';
import { cx } from '../../components/cx.ts';
import { Loading } from '../../components/loading.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { useMediaQuery } from '../../components/use-media-query.ts';
import type { CataloguePage } from './api.ts';
import { PAGE_SIZE } from './constants.ts';
import { ResultsList } from './results-list.tsx';
import { ResultsTable } from './results-table.tsx';
import styles from './results.module.css';

/** Phones get the stacked list; the table needs more room than 640px. */
const PHONE_QUERY = '(max-width: 639.98px)';

/** Props of {@link Results}. */
export interface ResultsProps {
  data: CataloguePage | undefined;
  page: number;
  isLoading: boolean;
  isFetching: boolean;
  failed: boolean;
  filtered: boolean;
  onPageChange: (page: number) => void;
  onClear: () => void;
}

/**
 * The results: a heading with the count (a live region, so a new search is announced), the table
 * or the phone list, and pagination. The previous page stays visible, dimmed, while the next loads.
 */
export function Results({ data, page, isLoading, isFetching, failed, filtered, onPageChange, onClear }: ResultsProps) {
  const phone = useMediaQuery(PHONE_QUERY);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const changePage = (next: number) => {
    onPageChange(next);
    // Start reading (and tabbing) from the top of the new page of results.
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  const rows = data?.results ?? [];
  const total = data?.total ?? 0;
  const first = page * PAGE_SIZE + 1;
  const last = page * PAGE_SIZE + rows.length;
  const label = rows.length ? `Plants ${first} to ${last} of ${total}` : 'No plants';

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
              <button type="button" className={buttons.secondary} onClick={onClear}>
                Clear search and filters
              </button>
            </p>
          )}
        </div>
      ) : (
        <div className={cx(isFetching && styles.busy)}>
          {phone ? <ResultsList rows={rows} label={label} /> : <ResultsTable rows={rows} caption={label} />}
        </div>
      )}
      <Pagination page={page} total={total} limit={PAGE_SIZE} onPageChange={changePage} label="Catalogue pages" />
    </section>
  );
}
