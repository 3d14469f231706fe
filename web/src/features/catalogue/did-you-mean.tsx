import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import type { CatalogueFilters } from './use-catalogue-params.ts';
import { catalogueHref } from './use-catalogue-params.ts';
import styles from './results.module.css';

/** Props of {@link DidYouMean}. */
export interface DidYouMeanProps {
  /** Genus names the server thinks were meant. */
  genera: string[];
  /** What the visitor searched for. */
  filters: CatalogueFilters;
  /** Whether the search found anything anyway (the server then shows the suggested genus). */
  found: boolean;
}

/**
 * "No exact match for “Acre”. Showing Acer." or, with nothing found, "Did you mean Acer?": each
 * genus a link that searches for it (form and height kept), so it works without JavaScript.
 */
export function DidYouMean({ genera, filters, found }: DidYouMeanProps) {
  if (!genera.length) return null;
  const searched = filters.q.trim() || filters.genus;
  const links = genera.map((genus, index) => (
    <Fragment key={genus}>
      {index > 0 && (index === genera.length - 1 ? ' or ' : ', ')}
      <Link to={catalogueHref({ genus, form: filters.form, height: filters.height })}>{genus}</Link>
    </Fragment>
  ));
  return (
    <p className={styles.suggestion}>
      {found ? (
        <>
          No exact match for “{searched}”. Showing {links}.
        </>
      ) : (
        <>Did you mean {links}?</>
      )}
    </p>
  );
}
