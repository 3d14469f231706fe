import type { Knex } from 'knex';
import { validationError } from '../../errors.ts';
import { keyOf } from './import-preview.ts';
import { NOTHING_STORED, readyFromProblem, type ReadyFromFields, type StoredReadyFrom } from './schema.ts';

/**
 * The ready-from rule (schema.ts) where a line's stored values count: a PATCH, or an import row,
 * may give the status or the date alone and keep the other as stored. The schema checks what the
 * input alone decides; the service calls these with what is stored.
 */

/** How many lines the import's 422 names before summarising the rest (as import.ts does). */
const MAX_LISTED = 50;

/** The rule with the line's stored values counted in: a 422 on `ready_from`. */
export function refuseReadyFrom(input: ReadyFromFields, stored: StoredReadyFrom): void {
  const problem = readyFromProblem(input, stored);
  if (problem) throw validationError({ ready_from: [problem] });
}

/** A line's stored status and date, locked until the transaction ends so no edit slips between the check and the write. */
export async function storedReadyFrom(trx: Knex.Transaction, id: number): Promise<StoredReadyFrom | undefined> {
  return (await trx('catalogue_items')
    .where({ id })
    .forUpdate()
    .first('stock_status', trx.raw(`to_char(ready_from, 'YYYY-MM-DD') AS ready_from`))) as StoredReadyFrom | undefined;
}

/** Whether an imported row has one of the two fields but not the other (its file lacks a column: it keeps the stored value). */
export const halfReadyFrom = (row: ReadyFromFields) => (row.stock_status === undefined) !== (row.ready_from === undefined);

type LineKey = Parameters<typeof keyOf>[0];

/**
 * Refuses imported lines that break the rule once the values they keep from the catalogue count
 * (a file with a Stock column but no Ready from column, or the reverse: see keptTradeFields), as
 * 422 errors.rows naming each line. `current` is the catalogue now (with its trade columns). Rows
 * with both columns were already checked, by row number, as the file was read.
 */
export function refuseImportedReadyFrom(rows: (ReadyFromFields & LineKey)[], current: (LineKey & { trade: StoredReadyFrom })[]): void {
  const stored = new Map(current.map((line) => [keyOf(line), line.trade]));
  const problems = rows.flatMap((row) => {
    const problem = readyFromProblem(row, stored.get(keyOf(row)) ?? NOTHING_STORED);
    return problem ? [`${row.genus} ${row.species}, ${row.form}, ${row.height}: ${problem}`] : [];
  });
  if (!problems.length) return;
  const listed = problems.slice(0, MAX_LISTED);
  if (problems.length > listed.length) listed.push(`… and ${problems.length - listed.length} more problems.`);
  throw validationError({ rows: listed });
}
