import styles from './pagination.module.css';

/** Props of {@link Pagination}. */
export interface PaginationProps {
  /** Zero-based current page. */
  page: number;
  total: number;
  limit: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark when a screen has more than one list. */
  label?: string;
}

type Item = number | 'gap';

/**
 * Which page numbers to show: the first, the last and the current one with a neighbour each
 * side; runs of hidden pages become a gap. Zero-based in, zero-based out.
 */
export function pageItems(page: number, pageCount: number): Item[] {
  const wanted = new Set([0, pageCount - 1, page - 1, page, page + 1]);
  const pages = [...wanted].filter((p) => p >= 0 && p < pageCount).sort((a, b) => a - b);
  const items: Item[] = [];
  for (const p of pages) {
    const previous = items.at(-1);
    if (typeof previous === 'number' && p - previous === 2) items.push(p - 1);
    else if (typeof previous === 'number' && p - previous > 2) items.push('gap');
    items.push(p);
  }
  return items;
}

/** Previous / numbered pages / Next for a zero-based paged list; nothing when one page holds all. */
export function Pagination({ page, total, limit, onPageChange, label = 'Pagination' }: PaginationProps) {
  const pageCount = Math.max(1, Math.ceil(total / Math.max(1, limit)));
  if (pageCount <= 1) return null;
  const current = Math.min(Math.max(0, page), pageCount - 1);
  return (
    <nav className={styles.pagination} aria-label={label}>
      <ul>
        <li>
          <button type="button" className={styles.step} disabled={current === 0} onClick={() => onPageChange(current - 1)}>
            <span aria-hidden="true">‹</span> <span className={styles.stepText}>Previous</span>
          </button>
        </li>
        {pageItems(current, pageCount).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={styles.page}
                aria-current={item === current ? 'page' : undefined}
                aria-label={`Page ${item + 1}`}
                onClick={() => item !== current && onPageChange(item)}
              >
                {item + 1}
              </button>
            </li>
          ),
        )}
        <li>
          <button type="button" className={styles.step} disabled={current >= pageCount - 1} onClick={() => onPageChange(current + 1)}>
            <span className={styles.stepText}>Next</span> <span aria-hidden="true">›</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
