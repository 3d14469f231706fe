import type { CatalogueLine } from '../../../../shared/api/catalogue.ts';
import { useCatalogueLineAction } from '../../components/catalogue-line-action.ts';
import { GenusName } from './genus-link.tsx';
import { availabilityText, PRICE_ON_REQUEST, priceText } from '../../../../shared/trade-text.ts';
import styles from './results.module.css';

/** Props of {@link ResultsList}. */
export interface ResultsListProps {
  rows: CatalogueLine[];
  label: string;
  /** Link each genus name to its page. */
  linkGenus?: boolean;
}

/** The phone view: one readable block per plant instead of a table too wide for the screen. */
export function ResultsList({ rows, label, linkGenus = false }: ResultsListProps) {
  const action = useCatalogueLineAction();
  return (
    <ul className={styles.list} aria-label={label}>
      {rows.map((row) => (
        <li key={row.id} className={styles.item}>
          <h3 className={styles.itemTitle}>
            <GenusName genus={row.genus} link={linkGenus} /> {row.species}
          </h3>
          {row.common_name && <p className={styles.common}>{row.common_name}</p>}
          <dl className={styles.facts}>
            <div>
              <dt>Code:</dt>
              <dd className={styles.code}>{row.code}</dd>
            </div>
            <div>
              <dt>Form:</dt>
              <dd>{row.form}</dd>
            </div>
            <div>
              <dt>Height:</dt>
              <dd>{row.height === 'Rootstock' ? row.height : `${row.height} cm`}</dd>
            </div>
            {row.trade && (
              <>
                <div>
                  <dt>Trade price:</dt>
                  <dd>{priceText(row.trade) || PRICE_ON_REQUEST}</dd>
                </div>
                <div>
                  <dt>Availability:</dt>
                  <dd>{availabilityText(row.trade) || '–'}</dd>
                </div>
              </>
            )}
          </dl>
          {action && <action.Control row={row} view="list" />}
        </li>
      ))}
    </ul>
  );
}
