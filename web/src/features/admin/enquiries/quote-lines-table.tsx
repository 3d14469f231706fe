import { AdminTable } from '../shared/admin-table.tsx';
import type { AdminColumn } from '../shared/admin-table.tsx';
import type { QuoteRequestLine } from '../../../../../shared/api/quotes.ts';
import styles from './inbox.module.css';

const COLUMNS: AdminColumn<QuoteRequestLine>[] = [
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
  { label: 'Genus', cell: (line) => line.genus },
  { label: 'Species', cell: (line) => line.species },
  { label: 'Common name', cell: (line) => line.common_name },
  { label: 'Form', cell: (line) => line.form },
  { label: 'Height', cell: (line) => line.height },
  { label: 'Quantity', numeric: true, cell: (line) => line.quantity },
];

/** A quote request's lines as the buyer asked for them (the catalogue data of that moment). */
export function QuoteLinesTable({ lines, reference }: { lines: QuoteRequestLine[]; reference: string }) {
  return <AdminTable caption={`Lines of ${reference}`} columns={COLUMNS} rows={lines} rowKey={(line) => line.id} className={styles.linesWrap} />;
}
