import type { CatalogueLine } from '../../../../shared/api/catalogue.ts';
import { useCatalogueLineAction } from '../../components/catalogue-line-action.ts';
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

/** The wide-screen view: a striped table with a styled header row; trade columns only when the rows carry them. */
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
              <td className={styles.botanical}>
                <GenusName genus={row.genus} link={linkGenus} />
              </td>
              <td className={styles.botanical}>{row.species}</td>
              <td>{row.common_name}</td>
              <td className={styles.nowrap}>{row.form}</td>
              <td className={styles.nowrap}>{row.height}</td>
              {trade && <td>{row.trade && (priceText(row.trade) || PRICE_ON_REQUEST)}</td>}
              {trade && <td>{row.trade && availabilityText(row.trade)}</td>}
              {action && (
                <td>
                  <action.Control row={row} view="table" />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
