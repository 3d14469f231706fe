import type { ReactNode } from 'react';
import type { PlantListSnapshot } from '../../../shared/api/plant-lists.ts';
import { penceText } from '../../../shared/trade-text.ts';
import styles from './priced-lines.module.css';

/** A priced line of a quotation or an order: the plant as it was, its quantity and its prices. */
export interface PricedLine extends PlantListSnapshot {
  id: number;
  quantity: number;
  /** Null on a quotation line not priced yet. */
  unit_price_pence: number | null;
  line_total_pence: number | null;
}

const heightText = (height: string) => (/^\d/.test(height) ? `${height} cm` : height);
const price = (pence: number | null) => (pence === null ? '—' : penceText(pence));

/**
 * The lines of a quotation or an order as the buyer reads them: plant, quantity, unit price and
 * line total in a table that becomes one card per line on a phone. `marker` adds a badge after
 * a line's plant (a quotation's substitutes).
 */
export function PricedLinesTable<Line extends PricedLine>({
  lines,
  label,
  marker,
}: {
  lines: Line[];
  label: string;
  marker?: (line: Line) => ReactNode;
}) {
  return (
    <table className={styles.lines} aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Plant</th>
          <th scope="col" className={styles.number}>
            Quantity
          </th>
          <th scope="col" className={styles.number}>
            Unit price
          </th>
          <th scope="col" className={styles.number}>
            Line total
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id}>
            <td>
              {/* One flow of text: on a phone the cell is a flex row, and the code must not become a column. */}
              <span>
                {line.code && <strong>{line.code} </strong>}
                {line.genus} {line.species}
                {line.common_name && ` (${line.common_name})`}, {line.form}, {heightText(line.height)}
                {marker?.(line)}
              </span>
            </td>
            <td className={styles.number} data-label="Quantity">
              {line.quantity.toLocaleString('en-GB')}
            </td>
            <td className={styles.number} data-label="Unit price">
              {price(line.unit_price_pence)}
            </td>
            <td className={styles.number} data-label="Line total">
              {price(line.line_total_pence)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What a quotation's or an order's totals give, in pence. */
export interface PricedTotalsFigures {
  subtotal_pence: number;
  delivery_pence: number;
  vat_pence: number;
  total_pence: number;
}

/** The totals under {@link PricedLinesTable}: subtotal and delivery ex VAT, the VAT, the total inc VAT. */
export function PricedTotals({ totals, label, vatLabel = 'VAT' }: { totals: PricedTotalsFigures; label: string; vatLabel?: string }) {
  return (
    <dl className={styles.totals} aria-label={label}>
      <dt>Subtotal ex VAT</dt>
      <dd>{penceText(totals.subtotal_pence)}</dd>
      <dt>Delivery ex VAT</dt>
      <dd>{penceText(totals.delivery_pence)}</dd>
      <dt>{vatLabel}</dt>
      <dd>{penceText(totals.vat_pence)}</dd>
      <dt className={styles.total}>Total inc VAT</dt>
      <dd className={styles.total}>{penceText(totals.total_pence)}</dd>
    </dl>
  );
}
