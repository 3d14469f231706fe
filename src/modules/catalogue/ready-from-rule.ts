import type { Knex } from 'knex';
import { validationError } from '../../errors.ts';
import { readyFromProblem, type ReadyFromFields, type StoredReadyFrom } from './schema.ts';

/**
 * The ready-from rule (schema.ts) where a line's stored values count: a PATCH, or an import row,
 * may give the status or the date alone and keep the other as stored. The schema checks what the
 * input alone decides; the service calls these with what is stored.
 */

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

/** Whether an imported row has one of the two fields but not the other (its file lacks a column: it keeps the stored value; import-plan.ts checks it with the line's). */
export const halfReadyFrom = (row: ReadyFromFields) => (row.stock_status === undefined) !== (row.ready_from === undefined);
