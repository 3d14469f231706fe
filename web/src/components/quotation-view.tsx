import type { ReactNode } from 'react';
import type { Quotation, QuotationStatus } from '../../../shared/api/quotations.ts';
import { PricedLinesTable, PricedTotals } from './priced-lines.tsx';
import styles from './quotation-view.module.css';

/** A quotation's status as its buyer reads it. */
const QUOTATION_STATUS_LABELS: Record<QuotationStatus, string> = {
  draft: 'Being prepared',
  sent: 'Awaiting your answer',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  superseded: 'Replaced by a later version',
};

/** "27 Dec 2026" for a calendar day (YYYY-MM-DD) or an ISO instant, UK time. */
export const dayText = (value: string) =>
  new Date(value.length === 10 ? `${value}T12:00:00Z` : value).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Europe/London',
  });

/**
 * A sent quotation as its buyer reads it — on their quote request and on the page the quotation
 * mail links to: reference, status, dates, the lines (substitutes marked), the totals ex and inc
 * VAT, the note and the PDF. `children` come after the totals: the answer (accept or decline,
 * features/quotations/quotation-answer.tsx) where the page offers one.
 */
export function QuotationView({ quotation, children }: { quotation: Quotation; children?: ReactNode }) {
  const { totals } = quotation;
  return (
    <section className={styles.quotation} aria-labelledby={`quotation-${quotation.id}`}>
      <h2 className={styles.heading} id={`quotation-${quotation.id}`}>
        Quotation {quotation.reference}
      </h2>
      <dl className={styles.facts}>
        <dt>Status</dt>
        <dd data-status={quotation.status}>{QUOTATION_STATUS_LABELS[quotation.status]}</dd>
        {quotation.sent_at && (
          <>
            <dt>Sent</dt>
            <dd>{dayText(quotation.sent_at)}</dd>
          </>
        )}
        {quotation.valid_until && (
          <>
            <dt>Valid until</dt>
            <dd>{dayText(quotation.valid_until)}</dd>
          </>
        )}
      </dl>
      <PricedLinesTable
        lines={quotation.lines}
        label={`Lines of ${quotation.reference}`}
        marker={(line) => line.is_substitute && <span className={styles.substitute}>Substitute</span>}
      />
      <PricedTotals totals={totals} label={`Totals of ${quotation.reference}`} vatLabel={`VAT at ${quotation.vat_rate_bp / 100} %`} />
      {quotation.note && <p className={styles.note}>{quotation.note}</p>}
      {quotation.pdf_url ? (
        <p>
          <a className={styles.download} href={quotation.pdf_url} download>
            Download PDF
          </a>
        </p>
      ) : (
        <p>The PDF is being prepared: reload the page in a moment.</p>
      )}
      {children}
    </section>
  );
}
