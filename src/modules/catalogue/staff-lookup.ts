import type { CatalogueLine } from '../../../shared/api/catalogue.ts';
import type { Db, Trx } from '../../db.ts';
import { TRADE_VIEWER } from '../../viewer.ts';
import { presentItem } from './presenter.ts';
import { LINE_COLUMNS, tradeColumn, type ViewedRow } from './store.ts';

/**
 * The active line (not retired) with this product code, any capitals, as staff see it (trade price
 * and stock): for staff adding a line to a quotation by its code. Undefined when no active line has it.
 */
export async function staffLineByCode(db: Db | Trx, code: string): Promise<CatalogueLine | undefined> {
  const row = (await db('catalogue_items')
    .whereNull('retired_at')
    .whereRaw('lower(code) = lower(?)', [code.trim()])
    .first(...LINE_COLUMNS, tradeColumn(db))) as ViewedRow | undefined;
  return row && presentItem(row, TRADE_VIEWER);
}

/**
 * Every active line of these plants (genus and species, any capitals), as staff see them: the
 * candidates a quotation offers in place of a retired or unavailable line.
 */
export async function staffLinesOfPlants(db: Db | Trx, plants: readonly { genus: string; species: string }[]): Promise<CatalogueLine[]> {
  if (!plants.length) return [];
  const keys = [...new Set(plants.map((p) => `${p.genus.trim().toLowerCase()}\u001f${p.species.trim().toLowerCase()}`))];
  const rows = (await db('catalogue_items')
    .whereNull('retired_at')
    .whereRaw(`lower(btrim(genus)) || chr(31) || lower(btrim(species)) IN (${keys.map(() => '?').join(', ')})`, keys)
    .orderBy('id')
    .select(...LINE_COLUMNS, tradeColumn(db))) as ViewedRow[];
  return rows.map((row) => presentItem(row, TRADE_VIEWER));
}
