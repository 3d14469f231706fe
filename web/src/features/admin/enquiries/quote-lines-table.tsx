import { availabilityText, penceText } from '../../../../../shared/trade-text.ts';
import { AdminTable, TwoLineCell } from '../shared/admin-table.tsx';
import type { AdminColumn } from '../shared/admin-table.tsx';
import admin from '../shared/admin.module.css';
import type { AdminQuoteRequestDetail, AdminQuoteRequestLine } from '../../../../../shared/api/quotes.ts';
import { unitPriceText } from './quote-prices.ts';
import styles from './inbox.module.css';

const heightText = (height: string) => (height === 'Rootstock' ? height : `${height} cm`);

const COLUMNS: AdminColumn<AdminQuoteRequestLine>[] = [
  {
    label: 'Code',
    cell: (line) => (
      <>
        {line.code}
        {/* Retired since it was requested: staff suggest an alternative in the quote. */}
        {!line.available && <span className={styles.gone}> No longer available</span>}
      </>
    ),
  },
  { label: 'Plant', cell: (line) => <TwoLineCell first={`${line.genus} ${line.species}`} second={line.common_name} /> },
  { label: 'Form', nowrap: true, cell: (line) => line.form },
  { label: 'Height', nowrap: true, cell: (line) => heightText(line.height) },
  { label: 'Quantity', numeric: true, cell: (line) => line.quantity.toLocaleString('en-GB') },
  {
    label: 'Price now',
    nowrap: true,
    cell: (line) => (line.current ? unitPriceText(line.current) : <span className={admin.muted}>—</span>),
  },
  { label: 'Availability', cell: (line) => (line.current ? availabilityText(line.current.trade) || 'Not set' : '') },
  {
    label: 'Line total',
    numeric: true,
    cell: (line) => (line.current?.line_total_pence == null ? '—' : penceText(line.current.line_total_pence)),
  },
];

/**
 * A quote request's lines as the buyer asked for them (the catalogue data of that moment), each
 * beside its catalogue line's trade price for the requested quantity and availability today, and
 * the estimated total: what staff need to write the quotation.
 */
export function QuoteLinesTable({ request }: { request: AdminQuoteRequestDetail }) {
  const { lines, reference, estimated_total_pence: total, unpriced_lines: unpriced } = request;
  return (
    <>
      <AdminTable
        caption={`Lines of ${reference}`}
        columns={COLUMNS}
        rows={lines}
        rowKey={(line) => line.id}
        className={styles.linesWrap}
      />
      <p className={styles.estimate}>
        {total === null ? (
          'No line has a trade price: there is no estimate.'
        ) : (
          <>
            Estimated total <strong>{penceText(total)}</strong> excl. VAT, at today&rsquo;s trade prices
          </>
        )}
        {total !== null && unpriced > 0 && (
          <span className={admin.muted}>
            {' '}
            ({unpriced} {unpriced === 1 ? 'line' : 'lines'} without a price not included)
          </span>
        )}
      </p>
    </>
  );
}
