import { Link } from 'react-router-dom';
import { pageItems } from '../../components/pagination.tsx';
import styles from '../../components/pagination.module.css';

/** Props of {@link PageLinks}. */
export interface PageLinksProps {
  /** Zero-based current page. */
  page: number;
  total: number;
  limit: number;
  /** The URL of a zero-based page. */
  hrefFor: (page: number) => string;
  /** After a page link is followed (with JavaScript): e.g. move the focus to the results. */
  onFollow?: () => void;
  label?: string;
}

/**
 * Previous / numbered pages / Next as real links (`/catalogue?…&page=N`), so paging works
 * without JavaScript and each page has an address a search engine can follow. The same page
 * numbers as the shared Pagination; the current page and the missing neighbours are not links.
 */
export function PageLinks({ page, total, limit, hrefFor, onFollow, label = 'Pagination' }: PageLinksProps) {
  const pageCount = Math.max(1, Math.ceil(total / Math.max(1, limit)));
  if (pageCount <= 1) return null;
  const current = Math.min(Math.max(0, page), pageCount - 1);
  const step = (target: number, text: string, arrow: string, before: boolean) => {
    const content = before ? (
      <>
        <span aria-hidden="true">{arrow}</span> <span className={styles.stepText}>{text}</span>
      </>
    ) : (
      <>
        <span className={styles.stepText}>{text}</span> <span aria-hidden="true">{arrow}</span>
      </>
    );
    if (target < 0 || target >= pageCount) {
      return (
        <span className={styles.step} aria-disabled="true">
          {content}
        </span>
      );
    }
    return (
      <Link className={styles.step} to={hrefFor(target)} onClick={onFollow} rel={target < current ? 'prev' : 'next'}>
        {content}
      </Link>
    );
  };
  return (
    <nav className={styles.pagination} aria-label={label}>
      <ul>
        <li>{step(current - 1, 'Previous', '‹', true)}</li>
        {pageItems(current, pageCount).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              {item === current ? (
                <span className={styles.page} aria-current="page" aria-label={`Page ${item + 1}`}>
                  {item + 1}
                </span>
              ) : (
                <Link className={styles.page} to={hrefFor(item)} onClick={onFollow} aria-label={`Page ${item + 1}`}>
                  {item + 1}
                </Link>
              )}
            </li>
          ),
        )}
        <li>{step(current + 1, 'Next', '›', false)}</li>
      </ul>
    </nav>
  );
}
