import type { Knex } from 'knex';
import type { CatalogueLine, CatalogueTrade } from '../../../shared/api/catalogue.ts';
import type { Storage } from '../../storage/types.ts';
import { FORM_POSITION_SQL, HEIGHT_POSITION_SQL, ORDER_KEY_SQL, type CatalogueFormat } from './constants.ts';
import type { StoredLine } from './import-plan.ts';
import { CatalogueFile } from './model.ts';
import type { Viewer } from '../../viewer.ts';

/**
 * Data access shared by the catalogue service and the render job. Every function takes the knex
 * instance or transaction to use, so callers inside a transaction pass `trx` (PGlite has a single
 * connection: a query on the outer knex inside a transaction would wait forever).
 */

/** A catalogue line as the files and the API show it (stored with exactly the contract's fields; `retired_at` as the driver reads it). */
export type CatalogueRow = Omit<CatalogueLine, 'retired_at'> & { retired_at?: Date | string | null };

/** The trade of a line read without its prices (a former code's owner, named in a message only). */
const NO_TRADE: CatalogueTrade = Object.freeze({
  price_pence: null,
  price_breaks: [],
  stock_status: null,
  stock_quantity: null,
  ready_from: null,
});

/** Every line, retired ones too, as an import compares them (import-plan.ts), in id order. */
export async function storedLines(db: Knex): Promise<StoredLine[]> {
  return (await db('catalogue_items')
    .orderBy('id')
    .select(
      'id',
      'code',
      'genus',
      'species',
      'common_name',
      'form',
      'height',
      db.raw('retired_at IS NOT NULL AS retired'),
      tradeColumn(db),
    )) as StoredLine[];
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
    .select('h.code as former', 'c.id', 'c.code', 'c.genus', 'c.species', 'c.common_name', 'c.form', 'c.height')) as (Omit<
    StoredLine,
    'retired' | 'trade'
  > & {
    former: string;
  })[];
  return new Map(rows.map(({ former, ...line }) => [former, { ...line, retired: false, trade: NO_TRADE }]));
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

/** What makes a line the same plant as another: as the unique index of active lines reads it. */
export type LineDescription = Pick<StoredLine, 'genus' | 'species' | 'form' | 'height'>;

/** Genus and species in any capitals, runs of spaces as one: the index's expression (migration 20261128000300). */
const sameText = (column: string) =>
  `lower(regexp_replace(btrim(${column}), '\\s+', ' ', 'g')) = lower(regexp_replace(btrim(?), '\\s+', ' ', 'g'))`;

/**
 * The active line other than `exceptId` with this description, for the 422 that refuses a second
 * line for the same plant, form and height (a unique index holds it too). Takes the code
 * trigger's lock, so two transactions adding the same plant take turns and the second is told why.
 */
export async function activeTwin(trx: Knex.Transaction, line: LineDescription, exceptId?: number): Promise<StoredLine | undefined> {
  await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('catalogue_codes'))`);
  const twin = await trx('catalogue_items')
    .whereNull('retired_at')
    .whereRaw(sameText('genus'), [line.genus])
    .whereRaw(sameText('species'), [line.species])
    .whereRaw('lower(form) = lower(?)', [line.form])
    .whereRaw('lower(height) = lower(?)', [line.height])
    .modify((q) => (exceptId === undefined ? q : q.whereNot('id', exceptId)))
    .first('id', 'code', 'genus', 'species', 'form', 'height');
  return twin as StoredLine | undefined;
}

/** A line as read for a viewer: with its `trade` object when read for a trade viewer (see {@link tradeColumnsFor}). */
export type ViewedRow = CatalogueRow & { trade?: CatalogueTrade };

/** A line's own columns, as every query that reads lines for a viewer selects them. */
export const LINE_COLUMNS = ['id', 'code', 'genus', 'species', 'common_name', 'form', 'height', 'retired_at'] as const;

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
      .whereNull('retired_at')
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

/** The newest file of each format (as {@link latestFile}), in one query: the catalogue page reads both. */
export async function latestFiles(db: Knex): Promise<Partial<Record<CatalogueFormat, CatalogueFile>>> {
  const rows = await CatalogueFile.query(db)
    .distinctOn('format')
    .orderBy([{ column: 'format' }, { column: 'revision', order: 'desc' }, { column: 'id', order: 'desc' }]);
  return Object.fromEntries(rows.map((row) => [row.format, row]));
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

/** The most price breaks any line has: how many break column pairs a price list's workbook needs. */
export async function maxPriceBreaks(db: Knex): Promise<number> {
  const row = (await db('catalogue_items')
    .whereNull('retired_at')
    .first(db.raw('coalesce(max(jsonb_array_length(price_breaks)), 0)::int AS most'))) as { most: number } | undefined;
  return row?.most ?? 0;
}
