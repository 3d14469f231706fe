import type { Key, ReactNode } from 'react';
import { cx } from '../../../components/cx.ts';
import admin from './admin.module.css';
import styles from './admin-table.module.css';

/** One column of an {@link AdminTable}. */
export interface AdminColumn<Row> {
  /** The column header; on a phone also each cell's label inside its card. */
  label: string;
  /** The header is for screen readers only (a row's actions); its cells then carry no label on a phone. */
  hideLabel?: boolean;
  /** Right-aligned on a wide screen (quantities); on a phone it reads like the other cells. */
  numeric?: boolean;
  /** Kept on one line on a wide screen (dates, references, postcodes). */
  nowrap?: boolean;
  /** Extra class of the cells (a feature's own look of that column). */
  className?: string;
  cell: (row: Row) => ReactNode;
}

/** Props of {@link AdminTable}. */
export interface AdminTableProps<Row> {
  /** Read by screen readers (and a test's getByRole('table', {name})); not shown. */
  caption: string;
  columns: readonly AdminColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** True while a newer page or filter is loading: the rows shown are about to change. */
  busy?: boolean;
  /** Extra class of the scroller around the table (its margins). */
  className?: string;
}

/**
 * An admin list as a table: a row per record, a column per field. Below 640 px the rows become
 * stacked cards, each cell labelled by its column, so nothing scrolls sideways on a phone (the
 * headers stay for screen readers).
 */
export function AdminTable<Row>({ caption, columns, rows, rowKey, busy, className }: AdminTableProps<Row>) {
  const columnClass = (column: AdminColumn<Row>) =>
    cx(column.numeric && styles.numeric, column.nowrap && styles.nowrap, column.className) || undefined;
  return (
    <div className={cx(admin.tableWrap, className)} aria-busy={busy}>
      <table className={cx(admin.table, styles.cards)}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.numeric ? styles.numeric : undefined}>
                {column.hideLabel ? <span className="visually-hidden">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.label} data-label={column.hideLabel ? undefined : column.label} className={columnClass(column)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A cell's main value with an optional muted line under it (a name and its company, an email). */
export function TwoLineCell({ first, second }: { first: ReactNode; second?: ReactNode }) {
  return (
    <>
      {first}
      {second ? (
        <>
          <br />
          <span className={admin.muted}>{second}</span>
        </>
      ) : null}
    </>
  );
}
