import { availabilityText, priceText } from '../../../../../shared/trade-text.ts';
import admin from '../shared/admin.module.css';
import type { ImportPreview as Preview, PreviewLine } from '../../../../../shared/api/catalogue.ts';
import styles from './catalogue-admin.module.css';

/** Props of {@link ImportPreview}. */
export interface ImportPreviewProps {
  preview: Preview;
  fileName: string;
}

const rowsWord = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;
/** A line with its trade fields, in pounds, so a change of price alone shows in "before → after". */
const describe = (line: PreviewLine) => {
  const trade = line.trade ? [priceText(line.trade), availabilityText(line.trade)].filter(Boolean).join(', ') : '';
  const code = line.code ? `${line.code} ` : '';
  return `${code}${line.genus} ${line.species}${line.common_name ? ` (${line.common_name})` : ''}, ${line.form}, ${line.height}${trade ? ` — ${trade}` : ''}`;
};

/**
 * What an import would do, before it does it: the totals, then the lines added, changed (before →
 * after), retired (kept for the plant lists and quotes that name them, but out of the catalogue)
 * and reinstated. Long lists are cut by the server; the totals always cover every row.
 */
export function ImportPreview({ preview, fileName }: ImportPreviewProps) {
  const { counts } = preview;
  const sections = [
    { key: 'added', title: `Added: ${rowsWord(counts.added)}`, total: counts.added, items: preview.added.map(describe) },
    {
      key: 'changed',
      title: `Changed: ${rowsWord(counts.changed)}`,
      total: counts.changed,
      items: preview.changed.map((c) => `${describe(c.before)} → ${describe(c.after)}`),
    },
    { key: 'retired', title: `Retired: ${rowsWord(counts.retired)}`, total: counts.retired, items: preview.retired.map(describe) },
    {
      key: 'reinstated',
      title: `Reinstated: ${rowsWord(counts.reinstated)}`,
      total: counts.reinstated,
      items: preview.reinstated.map(describe),
    },
  ];
  const nothing = counts.added + counts.changed + counts.retired + counts.reinstated === 0;
  return (
    <div className={styles.preview}>
      <p className={styles.previewSummary} role="status">
        {nothing
          ? `Importing ${fileName} would change nothing: all ${rowsWord(counts.unchanged)} match the catalogue as it is.`
          : `Importing ${fileName} would add ${rowsWord(counts.added)}, change ${rowsWord(counts.changed)}, retire ${rowsWord(counts.retired)} and reinstate ${rowsWord(counts.reinstated)}` +
            `${counts.unchanged > 0 ? ` (${rowsWord(counts.unchanged)} stay as they are)` : ''}. Retired rows leave the catalogue but stay on buyers' lists and quotes. Nothing has changed yet.`}
      </p>
      {sections
        .filter((section) => section.total > 0)
        .map((section) => (
          <details key={section.key} className={styles.previewSection} open={section.total <= 20}>
            <summary>{section.title}</summary>
            <ul>
              {section.items.map((item, index) => (
                <li key={index}>{item}</li>
              ))}
            </ul>
            {section.total > section.items.length && (
              <p className={admin.muted}>… and {rowsWord(section.total - section.items.length)} more.</p>
            )}
          </details>
        ))}
    </div>
  );
}
