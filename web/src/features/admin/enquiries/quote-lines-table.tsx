import admin from '../shared/admin.module.css';
import type { QuoteRequestLine } from '../../../../../shared/api/quotes.ts';
import styles from './inbox.module.css';

/** A quote request's lines as the buyer asked for them (the catalogue data of that moment). */
export function QuoteLinesTable({ lines, reference }: { lines: QuoteRequestLine[]; reference: string }) {
  return (
    <div className={`${admin.tableWrap} ${styles.linesWrap}`}>
      <table className={`${admin.table} ${styles.lines} ${styles.cards}`}>
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
              <td data-label="Genus">{line.genus}</td>
              <td data-label="Species">{line.species}</td>
              <td data-label="Common name">{line.common_name}</td>
              <td data-label="Form">{line.form}</td>
              <td data-label="Height">{line.height}</td>
              <td data-label="Quantity" className={styles.number}>
                {line.quantity}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
