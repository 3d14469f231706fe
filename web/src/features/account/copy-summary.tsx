import { forwardRef } from 'react';
import { Link } from 'react-router-dom';
import type { CopiedLines, QuoteRequestLine } from '../../../../shared/api/quotes.ts';
import styles from './quote-requests.module.css';

/** What a line's text is made of: a requested line's or an ordered line's snapshot. */
type LineSnapshot = Pick<QuoteRequestLine, 'id' | 'code' | 'genus' | 'species' | 'form' | 'height'>;

/** A requested (or ordered) line as the buyer reads it (the catalogue data of the moment it was requested). */
export const lineText = (line: LineSnapshot): string =>
  `${line.code ? `${line.code} ` : ''}${line.genus} ${line.species}, ${line.form}, ${line.height === 'Rootstock' ? line.height : `${line.height} cm`}`;

const REASONS: Record<CopiedLines['skipped'][number]['reason'], string> = {
  no_longer_available: 'no longer available, so not copied',
};

const n = (value: number) => value.toLocaleString('en-GB');

/**
 * What "Copy into my plant list" did, line by line: added (with its quantity), merged into the
 * line already on the list ("already on your list with 30; now 40"), or not copied and why.
 * It takes the focus when it appears, so a screen reader hears it at once. `newList` names the list
 * made for the copy (it is then the one the plant list page shows).
 */
export const CopySummary = forwardRef<HTMLDivElement, { copied: CopiedLines; lines: LineSnapshot[]; newList?: string }>(
  function CopySummary({ copied, lines, newList }, ref) {
    const name = (id: number) => {
      const line = lines.find((kept) => kept.id === id);
      return line ? lineText(line) : 'A line';
    };
    const copiedCount = copied.added.length + copied.merged.length;
    return (
      <div ref={ref} tabIndex={-1} className={styles.copySummary} role="status" aria-labelledby="copy-summary-heading">
        <h2 id="copy-summary-heading">
          {copiedCount === 0
            ? 'Nothing was copied'
            : `Copied ${copiedCount} ${copiedCount === 1 ? 'line' : 'lines'} into ${newList ? `the new list “${newList}”` : 'your plant list'}`}
        </h2>
        <ul>
          {copied.added.map((line) => (
            <li key={line.line_id}>
              {name(line.line_id)}: added × {n(line.quantity)}
            </li>
          ))}
          {copied.merged.map((line) => (
            <li key={line.line_id}>
              {name(line.line_id)}: already on your list with {n(line.before)}; now {n(line.after)}
            </li>
          ))}
          {copied.skipped.map((line) => (
            <li key={line.line_id} className={styles.gone}>
              {name(line.line_id)}: {REASONS[line.reason]}
            </li>
          ))}
        </ul>
        <p>
          <Link to="/plant-list">Go to my plant list</Link>
        </p>
      </div>
    );
  },
);
