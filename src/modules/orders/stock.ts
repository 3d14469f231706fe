import type { Trx } from '../../db.ts';
import { validationError } from '../../errors.ts';

/** A line about to take stock: its catalogue row and how many. */
export interface StockLine {
  catalogue_item_id: number | null;
  quantity: number;
  genus: string;
  species: string;
  form: string;
  height: string;
}

/** "Carpinus betulus Bare root 60-90: only 40 available": the line as the buyer reads it on the quotation. */
const shortfall = (line: StockLine, available: number) =>
  `${line.genus} ${line.species} ${line.form} ${line.height}: only ${available.toLocaleString('en-GB')} available`;

/**
 * Takes each line's quantity off its catalogue row's stock inside `trx`, by a conditional update:
 * `stock_quantity - q` only WHERE `stock_quantity >= q`. PostgreSQL locks the row for the update
 * and, when another transaction changed it first, re-checks the condition against the committed
 * value, so two acceptances can never both take the last plants (and the CHECK stock_quantity >= 0
 * is the last guard). Rows are updated in id order, so two orders sharing rows cannot deadlock,
 * and the lines of one row are taken together. A row that tracks no stock (NULL) or is gone takes
 * nothing: that line is not reserved. If any row falls short, throws the contract's 409 naming
 * each short line (`lines.{index}`); the caller's transaction then rolls back everything taken.
 * Returns, per line, whether it took stock.
 */
export async function reserveStock(trx: Trx, lines: readonly StockLine[]): Promise<boolean[]> {
  const byItem = new Map<number, number[]>();
  lines.forEach((line, index) => {
    if (line.catalogue_item_id !== null) byItem.set(line.catalogue_item_id, [...(byItem.get(line.catalogue_item_id) ?? []), index]);
  });
  const reserved = lines.map(() => false);
  const errors: Record<string, string[]> = {};
  for (const itemId of [...byItem.keys()].sort((a, b) => a - b)) {
    const indexes = byItem.get(itemId)!;
    const wanted = indexes.reduce((sum, index) => sum + lines[index]!.quantity, 0);
    const taken = await trx('catalogue_items')
      .where({ id: itemId })
      .where('stock_quantity', '>=', wanted)
      .update({ stock_quantity: trx.raw('stock_quantity - ?', [wanted]) })
      .returning('id');
    if (taken.length) {
      for (const index of indexes) reserved[index] = true;
      continue;
    }
    // Why not: read under the row lock, so the figure named is the one that refused (and stock
    // given back by a cancellation between the two statements is still taken).
    const row: { stock_quantity: number | null } | undefined = await trx('catalogue_items')
      .where({ id: itemId })
      .forUpdate()
      .first('stock_quantity');
    // Untracked or gone: nothing to take, nothing to refuse.
    if (!row || row.stock_quantity === null) continue;
    if (row.stock_quantity >= wanted) {
      await trx('catalogue_items')
        .where({ id: itemId })
        .update({ stock_quantity: row.stock_quantity - wanted });
      for (const index of indexes) reserved[index] = true;
      continue;
    }
    for (const index of indexes) errors[`lines.${index}`] = [shortfall(lines[index]!, row.stock_quantity)];
  }
  if (Object.keys(errors).length) throw validationError(errors, 409);
  return reserved;
}

/** Gives back what reserved lines took (a cancellation), inside `trx`; a row that stopped tracking stock or is gone takes nothing back. */
export async function releaseStock(trx: Trx, lines: readonly { catalogue_item_id: number | null; quantity: number; reserved: boolean }[]) {
  const byItem = new Map<number, number>();
  for (const line of lines)
    if (line.reserved && line.catalogue_item_id !== null)
      byItem.set(line.catalogue_item_id, (byItem.get(line.catalogue_item_id) ?? 0) + line.quantity);
  for (const itemId of [...byItem.keys()].sort((a, b) => a - b))
    await trx('catalogue_items')
      .where({ id: itemId })
      .whereNotNull('stock_quantity')
      .update({ stock_quantity: trx.raw('stock_quantity + ?', [byItem.get(itemId)!]) });
}
