import type { Knex } from 'knex';
import type { CatalogueLine, CatalogueTrade } from '../../../shared/api/catalogue.ts';
import type { Storage } from '../../storage/types.ts';
import { FORM_POSITION_SQL, HEIGHT_POSITION_SQL, ORDER_KEY_SQL, type CatalogueFormat } from './constants.ts';
import { keyOf, TRADE_KEYS } from './import-preview.ts';
import { CatalogueFile } from './model.ts';
import type { Viewer } from '../../viewer.ts';

/**
 * Data access shared by the catalogue service and the render job. Every function takes the knex
 * instance or transaction to use, so callers inside a transaction pass `trx` (PGlite has a single
 * connection: a query on the outer knex inside a transaction would wait forever).
 */

/** A catalogue line as the files and the API show it (stored with exactly the contract's fields). */
export type CatalogueRow = CatalogueLine;

/** A line as read for a viewer: with its `trade` object when read for a trade viewer (see {@link tradeColumnsFor}). */
export type ViewedRow = CatalogueRow & { trade?: CatalogueTrade };

/** A line's own columns, as every query that reads lines for a viewer selects them. */
export const LINE_COLUMNS = ['id', 'genus', 'species', 'common_name', 'form', 'height'] as const;

/**
 * The one shape the trade columns are read in, from the store to the presenter: one `trade` object
 * per row, built by PostgreSQL (node-postgres then parses one value per line instead of five, and
 * nothing is reshaped afterwards). `ready_from` is formatted by PostgreSQL: a `date` read through
 * node-postgres would become a local-midnight Date and could shift a day. Breaks are [] when unset.
 */
export const tradeColumn = (db: Knex) =>
  db.raw(
    `json_build_object('price_pence', price_pence, 'price_breaks', coalesce(price_breaks, '[]'::jsonb), 'stock_status', stock_status,` +
      ` 'stock_quantity', stock_quantity, 'ready_from', to_char(ready_from, 'YYYY-MM-DD')) AS trade`,
  );

/** What a query adds to its select for `viewer`: the trade object for a trade viewer, nothing for anyone else. */
export const tradeColumnsFor = (db: Knex, viewer: Viewer) => (viewer.trade ? [tradeColumn(db)] : []);

/** The catalogue's current revision; every committed edit bumps it. */
export async function currentRevision(db: Knex): Promise<number> {
  const row = await db('catalogue_state').where({ id: 1 }).first('revision');
  return Number(row?.revision ?? 0);
}

/** Bumps the revision in the caller's transaction, so the edit and the bump commit together. */
export async function bumpRevision(trx: Knex.Transaction): Promise<number> {
  const [row] = await trx('catalogue_state')
    .where({ id: 1 })
    .update({ revision: trx.raw('revision + 1'), changed_at: trx.fn.now() })
    .returning('revision');
  return Number(row?.revision);
}

/**
 * Every catalogue row in reading order, a batch at a time. Keyset paging on the full order key
 * (not OFFSET) keeps each batch query cheap and memory flat however large the catalogue grows, and
 * works on PGlite, which cannot stream a cursor.
 */
export async function* rowsInOrder(db: Knex, viewer: Viewer, batchSize = 500): AsyncGenerator<ViewedRow[]> {
  let last: (CatalogueRow & { form_pos: number; height_pos: number }) | undefined;
  for (;;) {
    // Trade columns only for a trade viewer (a buyer's price list); the public render never reads them.
    const query = db('catalogue_items')
      .select(...LINE_COLUMNS, ...tradeColumnsFor(db, viewer))
      .select(db.raw(`${FORM_POSITION_SQL} as form_pos`), db.raw(`${HEIGHT_POSITION_SQL} as height_pos`))
      .orderByRaw(ORDER_KEY_SQL)
      .limit(batchSize);
    if (last) {
      query.whereRaw(`(genus, species, ${FORM_POSITION_SQL}, ${HEIGHT_POSITION_SQL}, id) > (?, ?, ?, ?, ?)`, [
        last.genus,
        last.species,
        last.form_pos,
        last.height_pos,
        last.id,
      ]);
    }
    const rows = (await query) as (ViewedRow & { form_pos: number; height_pos: number })[];
    if (rows.length) yield rows.map(({ form_pos: _f, height_pos: _h, ...row }) => row);
    if (rows.length < batchSize) return;
    last = rows.at(-1);
  }
}

/**
 * The newest file of a format. "Newest" is by catalogue revision first: two renders may overlap,
 * and the one holding the older revision can finish last.
 */
export async function latestFile(db: Knex, format: CatalogueFormat): Promise<CatalogueFile | undefined> {
  return await CatalogueFile.query(db)
    .where({ format })
    .orderBy([
      { column: 'revision', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first();
}

/** Records a stored file. */
export async function recordFile(
  db: Knex,
  file: { format: CatalogueFormat; storage_key: string; bytes: number; rows: number; revision: number; sha256: string; generated_at: Date },
): Promise<CatalogueFile> {
  return CatalogueFile.query(db).insertAndFetch(file);
}

/**
 * Deletes all but the newest `keep` files of a format, from storage first and then their rows.
 * Keeping more than one lets a download that started just before a render finish from the file it
 * opened; a storage failure leaves the row, so the next render retries the delete.
 */
export async function pruneFiles(db: Knex, storage: Storage, format: CatalogueFormat, keep = 2): Promise<number> {
  const old = await CatalogueFile.query(db)
    .where({ format })
    .orderBy([
      { column: 'revision', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .offset(keep);
  for (const file of old) {
    await storage.delete(file.storage_key);
    await CatalogueFile.query(db).deleteById(file.id);
  }
  return old.length;
}

/** Lines by id as `viewer` sees them (ids not found are absent), in `db`: a transaction when the caller snapshots them. */
export async function linesByIds(db: Knex, ids: readonly number[], viewer: Viewer): Promise<ViewedRow[]> {
  if (!ids.length) return [];
  return (await db('catalogue_items')
    .whereIn('id', [...new Set(ids)])
    .select(...LINE_COLUMNS, ...tradeColumnsFor(db, viewer))) as ViewedRow[];
}

/**
 * Imported lines with the trade fields the file did not have (a column missing: undefined) taken
 * from the same line in the catalogue now, so importing the public workbook, which has no prices,
 * keeps every price. A column present with an empty cell is null and clears the field.
 */
export async function keptTradeFields<R extends { genus: string; species: string; form: string; height: string } & Partial<Record<(typeof TRADE_KEYS)[number], unknown>>>(
  trx: Knex.Transaction,
  rows: R[],
): Promise<R[]> {
  if (rows.every((row) => TRADE_KEYS.every((k) => row[k] !== undefined))) return rows;
  const current = (await trx('catalogue_items').select('genus', 'species', 'form', 'height', tradeColumn(trx))) as (CatalogueRow & { trade: CatalogueTrade })[];
  const byKey = new Map(current.map((line) => [keyOf(line), line.trade]));
  return rows.map((row) => {
    const before = byKey.get(keyOf(row));
    if (!before) return row;
    const filled = { ...row };
    for (const k of TRADE_KEYS) if (filled[k] === undefined) (filled as Record<string, unknown>)[k] = before[k];
    return filled;
  });
}

/** The most price breaks any line has: how many break column pairs a price list's workbook needs. */
export async function maxPriceBreaks(db: Knex): Promise<number> {
  const row = (await db('catalogue_items').first(db.raw('coalesce(max(jsonb_array_length(price_breaks)), 0)::int AS most'))) as { most: number } | undefined;
  return row?.most ?? 0;
}
