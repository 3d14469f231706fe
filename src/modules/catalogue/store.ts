import type { Knex } from 'knex';
import type { CatalogueLine, CatalogueTrade } from '../../../shared/api/catalogue.ts';
import type { Storage } from '../../storage/types.ts';
import { FORM_POSITION_SQL, HEIGHT_POSITION_SQL, ORDER_KEY_SQL, type CatalogueFormat } from './constants.ts';
import type { StoredLine } from './import-plan.ts';
import { CatalogueFile } from './model.ts';

/**
 * Data access shared by the catalogue service and the render job. Every function takes the knex
 * instance or transaction to use, so callers inside a transaction pass `trx` (PGlite has a single
 * connection: a query on the outer knex inside a transaction would wait forever).
 */

/** A catalogue line as the files and the API show it (stored with exactly the contract's fields; `retired_at` as the driver reads it). */
export type CatalogueRow = Omit<CatalogueLine, 'retired_at'> & { retired_at?: Date | string | null };

/** Every line, retired ones too, as an import compares them (import-plan.ts), in id order. */
export async function storedLines(db: Knex): Promise<StoredLine[]> {
  const rows = (await db('catalogue_items')
    .orderBy('id')
    .select('id', 'code', 'genus', 'species', 'common_name', 'form', 'height', db.raw('retired_at IS NOT NULL AS retired'), ...tradeSelectColumns(db))) as (CatalogueRow &
    CatalogueTrade & { retired: boolean })[];
  return rows.map((row) => nestTrade(row) as unknown as StoredLine);
}

/**
 * The lines that once had one of these codes and have another now, by that former code: a code
 * is never reused, so an import row or an edit naming one is refused with the line's name.
 */
export async function formerCodeOwners(db: Knex, codes: readonly string[]): Promise<Map<string, StoredLine>> {
  if (!codes.length) return new Map();
  const rows = (await db('catalogue_codes as h')
    .join('catalogue_items as c', 'c.id', 'h.catalogue_item_id')
    .whereIn('h.code', [...new Set(codes)])
    .whereRaw('c.code <> h.code')
    .select('h.code as former', 'c.id', 'c.code', 'c.genus', 'c.species', 'c.common_name', 'c.form', 'c.height')) as (Omit<StoredLine, 'retired' | 'trade'> & {
    former: string;
  })[];
  return new Map(rows.map(({ former, ...line }) => [former, { ...line, retired: false, trade: nestTrade({ ...line } as CatalogueRow).trade }]));
}

/**
 * The line that has or had `code`, other than `exceptId`, for the 422 that refuses a code in use.
 * Takes the lock the code trigger takes, so no other transaction can claim the code before this one writes.
 */
export async function codeOwner(trx: Knex.Transaction, code: string, exceptId?: number): Promise<StoredLine | undefined> {
  await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('catalogue_codes'))`);
  const owner = await trx('catalogue_codes as h')
    .join('catalogue_items as c', 'c.id', 'h.catalogue_item_id')
    .where('h.code', code)
    .modify((q) => (exceptId === undefined ? q : q.whereNot('c.id', exceptId)))
    .first('c.id', 'c.code', 'c.genus', 'c.species', 'c.form', 'c.height');
  return owner as StoredLine | undefined;
}

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
export async function* rowsInOrder(db: Knex, batchSize = 500, options: { trade?: boolean } = {}): AsyncGenerator<(CatalogueRow & { trade?: CatalogueTrade })[]> {
  let last: (CatalogueRow & { form_pos: number; height_pos: number }) | undefined;
  // Trade columns only for a buyer's price list; the public render never reads them.
  const tradeSelect = options.trade ? tradeSelectColumns(db) : [];
  for (;;) {
    const query = db('catalogue_items')
      .whereNull('retired_at')
      .select('id', 'code', 'genus', 'species', 'common_name', 'form', 'height', ...tradeSelect)
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
    const rows = (await query) as (CatalogueRow & Partial<CatalogueTrade> & { form_pos: number; height_pos: number })[];
    if (rows.length) yield rows.map(({ form_pos: _f, height_pos: _h, ...row }) => (options.trade ? nestTrade(row) : row));
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

/**
 * The trade columns of some lines, by id: one primary-key lookup, run only for a trade viewer, so
 * the public queries never read prices at all. `ready_from` is formatted by PostgreSQL (a `date`
 * read through node-postgres would become a local-midnight Date and could shift a day).
 */
export async function tradeColumns(db: Knex, ids: number[]): Promise<Map<number, CatalogueTrade>> {
  if (!ids.length) return new Map();
  const rows = (await db('catalogue_items')
    .whereIn('id', ids)
    .select('id', ...tradeSelectColumns(db))) as (CatalogueTrade & {
    id: number;
  })[];
  return new Map(rows.map(({ id, ...trade }) => [id, trade]));
}

/** Lines with their trade columns attached when the viewer may see them (else as they are). */
export async function withTrade<R extends CatalogueRow>(db: Knex, rows: R[], trade: boolean): Promise<(R & { trade?: CatalogueTrade })[]> {
  if (!trade) return rows;
  const columns = await tradeColumns(db, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, trade: columns.get(r.id) }));
}


/**
 * The trade columns to add to a select, `ready_from` formatted by PostgreSQL (a `date` read
 * through node-postgres would become a local-midnight Date and could shift a day). Only queries
 * for a trade viewer or a price list add them.
 */
export const tradeSelectColumns = (db: Knex) => [
  'price_pence',
  'price_breaks',
  'stock_status',
  'stock_quantity',
  db.raw(`to_char(ready_from, 'YYYY-MM-DD') AS ready_from`),
];

/**
 * The trade columns as one `trade` object per row (the shape {@link nestTrade} makes), built by
 * PostgreSQL for the page's rows: node-postgres then parses one value per line instead of five,
 * and nothing is reshaped afterwards (a trade viewer's catalogue page is on issue 10's budget).
 */
export const tradeObjectColumn = (db: Knex) =>
  db.raw(
    `json_build_object('price_pence', price_pence, 'price_breaks', coalesce(price_breaks, '[]'::jsonb), 'stock_status', stock_status,` +
      ` 'stock_quantity', stock_quantity, 'ready_from', to_char(ready_from, 'YYYY-MM-DD')) AS trade`,
  );

/** A row read with {@link tradeSelectColumns}, its trade columns moved under `trade`. */
export function nestTrade<R extends CatalogueRow>(row: R & Partial<CatalogueTrade>): R & { trade: CatalogueTrade } {
  const { price_pence, price_breaks, stock_status, stock_quantity, ready_from, ...line } = row;
  return {
    ...(line as unknown as R),
    trade: { price_pence: price_pence ?? null, price_breaks: price_breaks ?? [], stock_status: stock_status ?? null, stock_quantity: stock_quantity ?? null, ready_from: ready_from ?? null },
  };
}
