import type { CatalogueLine } from '../../../../shared/api/catalogue.ts';
import { useCatalogueLineAction } from '../../components/catalogue-line-action.ts';
import { cx } from '../../components/cx.ts';
import { GenusName } from './genus-link.tsx';
import { availabilityText, PRICE_ON_REQUEST, priceText } from '../../../../shared/trade-text.ts';
import styles from './results.module.css';

/** Props of {@link ResultsTable}. */
export interface ResultsTableProps {
  rows: CatalogueLine[];
  caption: string;
  /** Link each genus name to its page. */
  linkGenus?: boolean;
}

/**
 * The catalogue lines: a striped table on wide screens, one readable card per line on phones.
 * Each line is written once and CSS lays it out either way (results.module.css): the phone's
 * labels ("Code:", "Height: … cm") are CSS text, so the markup carries no second copy of a line
 * for the server to render and the browser to hydrate. Trade columns only when the rows carry them.
 */
export function ResultsTable({ rows, caption, linkGenus = false }: ResultsTableProps) {
  const action = useCatalogueLineAction();
  const trade = rows.some((row) => row.trade);
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col">Genus</th>
            <th scope="col">Species</th>
            <th scope="col">Common name</th>
            <th scope="col">Form</th>
            <th scope="col">Height (cm)</th>
            {trade && <th scope="col">Trade price</th>}
            {trade && <th scope="col">Availability</th>}
            {action && <th scope="col">Plant list</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td className={styles.code}>{row.code}</td>
              <td className={styles.genus}>
                <GenusName genus={row.genus} link={linkGenus} />
              </td>
              <td className={styles.species}>{row.species}</td>
              <td className={styles.common}>{row.common_name}</td>
              <td className={styles.form}>{row.form}</td>
              <td className={cx(styles.height, row.height !== 'Rootstock' && styles.inCm)}>{row.height}</td>
              {trade && <td className={styles.price}>{row.trade && (priceText(row.trade) || PRICE_ON_REQUEST)}</td>}
              {trade && <td className={styles.availability}>{row.trade && availabilityText(row.trade)}</td>}
              {action && (
                <td className={styles.action}>
                  <action.Control row={row} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
