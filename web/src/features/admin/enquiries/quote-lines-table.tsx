import admin from '../shared/admin.module.css';
import type { QuoteRequestLine } from '../../../../../shared/api/quotes.ts';
import styles from './inbox.module.css';

/** A quote request's lines as the buyer asked for them (the catalogue data of that moment). */
export function QuoteLinesTable({ lines, reference }: { lines: QuoteRequestLine[]; reference: string }) {
  return (
    <div className={admin.tableWrap}>
      <table className={`${admin.table} ${styles.lines}`}>
        <caption className="visually-hidden">Lines of {reference}</caption>
        <thead>
          <tr>
            <th scope="col">Genus</th>
            <th scope="col">Species</th>
            <th scope="col">Common name</th>
            <th scope="col">Form</th>
            <th scope="col">Height</th>
            <th scope="col" className={styles.number}>
              Quantity
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id}>
              <td>{line.genus}</td>
              <td>{line.species}</td>
              <td>{line.common_name}</td>
              <td>{line.form}</td>
              <td>{line.height}</td>
              <td className={styles.number}>{line.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
