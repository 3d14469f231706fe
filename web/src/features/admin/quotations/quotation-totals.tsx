import { penceText } from '../../../../../shared/trade-text.ts';
import type { QuotationTotals } from '../../../../../shared/api/quotations.ts';
import styles from './quotation.module.css';

/** A quotation's totals: subtotal, delivery, VAT at its rate, and the total inc VAT. */
export function TotalsList({ totals, vatRateBp }: { totals: QuotationTotals; vatRateBp: number }) {
  return (
    <dl className={styles.totals} aria-label="Totals">
      <dt>Subtotal ex VAT</dt>
      <dd>{penceText(totals.subtotal_pence)}</dd>
      <dt>Delivery ex VAT</dt>
      <dd>{penceText(totals.delivery_pence)}</dd>
      <dt>VAT at {vatRateBp / 100} %</dt>
      <dd>{penceText(totals.vat_pence)}</dd>
      <dt className={styles.grandTotal}>Total inc VAT</dt>
      <dd className={styles.grandTotal}>{penceText(totals.total_pence)}</dd>
    </dl>
  );
}
