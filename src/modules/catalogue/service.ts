import type { CatalogueDownloads, CatalogueFacets, CatalogueLine, CataloguePage, CatalogueTrade, GenusDetail, GenusSummary, ImportPreview } from '../../../shared/api/catalogue.ts';
import type { Writable } from 'node:stream';
import type { BusinessDetails } from '../../config.ts';
import type { Db, Trx } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { notFound, validationError } from '../../errors.ts';
import { validate } from '../../validation/validate.ts';
import { CATALOGUE_FORMS, CATALOGUE_HEIGHTS, type CatalogueFormat } from './constants.ts';
import { CatalogueItem, type CatalogueFile } from './model.ts';
import { presentDownload, presentItem, PUBLIC_VIEWER, TRADE_VIEWER, type CatalogueViewer } from './presenter.ts';
import { itemPatchSchema, itemSchema, NOTHING_STORED, type CatalogueItemInput, type CatalogueItemPatch, type CatalogueQuery } from './schema.ts';
import { diffCatalogue, previewToken } from './import-preview.ts';
import { halfReadyFrom, refuseImportedReadyFrom, refuseReadyFrom, storedReadyFrom } from './ready-from-rule.ts';
import { bumpRevision, currentRevision, keptTradeFields, latestFile, nestTrade, tradeSelectColumns, withTrade, type CatalogueRow } from './store.ts';
import { findLines, genusNames, nearestGenera, searchWords, type GenusMatch, type GenusNames } from './search.ts';
import { genusDetail, genusEntries, type GenusEntry } from './genera.ts';
import { writeStaffWorkbook } from './staff-workbook.ts';

/** Why a confirmed import is refused: the file or the catalogue is not what was previewed. */
export const PREVIEW_STALE = 'The file or the catalogue has changed since the preview; preview the import again.';

/**
 * Which of the nearest genera the fallback shows: pg_trgm scores a one-letter slip in a short name
 * low ("Acre" ~ "Acer" is 0.25, below pg_trgm's own 0.3 default), so the floor sits under that; and
 * only genera close to the best, so a strong match does not drag weak ones in beside it.
 */
const FALLBACK_MIN_SCORE = 0.2;
const FALLBACK_OF_BEST = 0.9;
const FALLBACK_MAX_GENERA = 3;

/** The genera the fallback uses, from the nearest ones (best first). */
const fallbackGenera = (nearest: GenusMatch[]) =>
  nearest
    .filter((m) => m.score >= FALLBACK_MIN_SCORE && m.score >= nearest[0]!.score * FALLBACK_OF_BEST)
    .slice(0, FALLBACK_MAX_GENERA)
    .map((m) => m.genus);

/** Sorts by position in a vocabulary; values outside it (legacy data) go last, alphabetically. */
const byVocabulary = (vocabulary: readonly string[]) => (a: string, b: string) => {
  const pa = vocabulary.indexOf(a);
  const pb = vocabulary.indexOf(b);
  return (pa < 0 ? Infinity : pa) - (pb < 0 ? Infinity : pb) || a.localeCompare(b);
};

/**
 * The trade catalogue: search for the catalogue page, edits that bump the catalogue revision and
 * announce `catalogue.changed` (which queues one debounced render), and the generated downloads.
 */
export function catalogueService(deps: Pick<Deps, 'db' | 'events' | 'log'>) {
  // Facets cover the whole catalogue, which changes rarely: cache them per revision, so every
  // process sees an edit at once but a page view costs one tiny query instead of three scans.
  let facetCache: { revision: number; facets: CatalogueFacets } | undefined;

  async function facets(): Promise<CatalogueFacets> {
    const revision = await currentRevision(deps.db);
    if (facetCache?.revision === revision) return facetCache.facets;
    const distinct = async (column: 'genus' | 'form' | 'height') =>
      (await deps.db('catalogue_items').distinct(column).orderBy(column)).map((r: Record<string, string>) => r[column]!);
    const [genus, form, height] = await Promise.all([distinct('genus'), distinct('form'), distinct('height')]);
    const value = { genus, form: form.sort(byVocabulary(CATALOGUE_FORMS)), height: height.sort(byVocabulary(CATALOGUE_HEIGHTS)) };
    facetCache = { revision, facets: value };
    return value;
  }

  // The genus list and the names the fallback ranks change only with the catalogue: cached per
  // revision, like the facets, so a typo costs no scan of the lines.
  let genusCache: { revision: number; entries: GenusEntry[] } | undefined;
  let namesCache: { revision: number; names: GenusNames } | undefined;

  async function names(): Promise<GenusNames> {
    const revision = await currentRevision(deps.db);
    if (namesCache?.revision === revision) return namesCache.names;
    const value = await genusNames(deps.db);
    namesCache = { revision, names: value };
    return value;
  }

  async function entries(): Promise<GenusEntry[]> {
    const revision = await currentRevision(deps.db);
    if (genusCache?.revision === revision) return genusCache.entries;
    const value = await genusEntries(deps.db);
    genusCache = { revision, entries: value };
    return value;
  }

  /** A line as staff see it after an edit: with its trade fields, read back as the buyers' API reads them. */
  async function staffLine(item: CatalogueRow): Promise<CatalogueLine> {
    const [row] = await withTrade(deps.db, [item], true);
    return presentItem(row!, TRADE_VIEWER);
  }

  /** Bumps the revision and records `catalogue.changed` in the edit's own transaction: one commit. */
  async function changed(trx: Trx, reason: string): Promise<void> {
    await bumpRevision(trx);
    await deps.events.record(trx, 'catalogue.changed', { reason });
  }

  return {
    /**
     * One page of the catalogue. Every word of `q` must appear (case-insensitively) in the genus,
     * species or common name, or in a curated common name of the genus; the other filters are
     * exact. When a search matches nothing, the lines of the genera nearest to it by trigram
     * similarity stand in, named in `did_you_mean` (unless `match` is `exact`). Facets cover the
     * whole catalogue.
     *
     * `viewer` may still be on its way, as a promise (routes.ts's catalogueHeadStart): the queries
     * start at once, reading the trade columns when `readTrade` says so, and only presenting waits
     * for the viewer. A trade viewer is never shown a page read without its trade columns.
     */
    async list(
      query: Partial<CatalogueQuery>,
      viewer: CatalogueViewer | Promise<CatalogueViewer>,
      readTrade = !(viewer instanceof Promise) && viewer.trade,
    ): Promise<CataloguePage> {
      const page = query.page ?? 0;
      const limit = query.limit ?? 50;
      const exact = { genus: query.genus, form: query.form, height: query.height };
      const words = searchWords(query.q);
      const [found, facetValues] = await Promise.all([findLines(deps.db, { ...exact, words }, page, limit, readTrade), facets()]);
      let result = found;
      let didYouMean: string[] = [];
      if (found.total === 0 && words.length && query.match !== 'exact') {
        const nearest = await nearestGenera(deps.db, words.join(' '), await names(), 10);
        const genera = fallbackGenera(nearest);
        const fallback = genera.length ? await findLines(deps.db, { ...exact, genera }, page, limit, readTrade) : undefined;
        if (fallback && fallback.total > 0) {
          result = fallback;
          didYouMean = genera;
        } else {
          didYouMean = nearest.slice(0, 3).map((m) => m.genus);
        }
      }
      const shownTo = await viewer;
      if (shownTo.trade && !readTrade) throw new Error("A trade viewer's catalogue page was read without its trade columns.");
      return { results: result.rows.map((row) => presentItem(row, shownTo)), total: result.total, facets: facetValues, did_you_mean: didYouMean };
    },

    /** Every genus with its line count and newest update, sorted by name (the genus index, the sitemap). */
    async genera(): Promise<GenusSummary[]> {
      return (await entries()).map(({ spellings: _spellings, ...summary }) => summary);
    },

    /** A genus page by its slug (see shared/slug.ts); undefined when no line has that genus. */
    async genus(slug: string, viewer: CatalogueViewer): Promise<GenusDetail | undefined> {
      const entry = (await entries()).find((e) => e.slug === slug);
      return entry && genusDetail(deps.db, entry, viewer);
    },

    /** Adds a line; validated here too, as imports and seeds call this without a route. */
    async create(input: CatalogueItemInput): Promise<CatalogueLine> {
      const data = validate(itemSchema, input);
      refuseReadyFrom(data, NOTHING_STORED);
      const item = await deps.db.transaction(async (trx) => {
        const row = await CatalogueItem.query(trx).insertAndFetch(data);
        await changed(trx, `created ${row.id}`);
        return row;
      });
      return staffLine(item);
    },

    /** Changes the given fields of a line; unknown id → 404. */
    async update(id: number, input: CatalogueItemPatch): Promise<CatalogueLine> {
      const data = validate(itemPatchSchema, input);
      const item = await deps.db.transaction(async (trx) => {
        // A patch may send the status or the date alone: the rule reads the other as stored.
        if (data.stock_status !== undefined || data.ready_from !== undefined) {
          const stored = await storedReadyFrom(trx, id);
          if (!stored) throw notFound();
          refuseReadyFrom(data, stored);
        }
        const row = await CatalogueItem.query(trx).patchAndFetchById(id, { ...data, updated_at: trx.fn.now() });
        if (!row) throw notFound();
        await changed(trx, `updated ${id}`);
        return row;
      });
      return staffLine(item);
    },

    /** Deletes a line; unknown id → 404. */
    async remove(id: number): Promise<void> {
      await deps.db.transaction(async (trx) => {
        const deleted = await CatalogueItem.query(trx).deleteById(id);
        if (!deleted) throw notFound();
        await changed(trx, `removed ${id}`);
      });
    },

    /**
     * What {@link replaceAll} would do with these lines, changing nothing. The token names the
     * revision compared against and the file's SHA-256, so the confirm applies exactly this.
     */
    async previewImport(items: CatalogueItemInput[], fileSha256: string): Promise<ImportPreview> {
      const rows = items.map((item) => validate(itemSchema, item));
      return deps.db.transaction(async (trx) => {
        // One snapshot: the revision and the rows it describes are read together.
        await trx.raw('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
        const revision = await currentRevision(trx);
        const current = (await trx('catalogue_items')
          .orderBy('id')
          .select('genus', 'species', 'common_name', 'form', 'height', ...tradeSelectColumns(trx))) as (CatalogueRow & CatalogueTrade)[];
        if (rows.some(halfReadyFrom)) refuseImportedReadyFrom(rows, current);
        return diffCatalogue(current.map(nestTrade), rows, previewToken(revision, fileSha256));
      });
    },

    /**
     * Replaces the whole catalogue with imported lines (the admin imports the full list) in one
     * transaction: readers see the old catalogue or the new one, never a mix; one revision bump
     * and one `catalogue.changed`, so one render. Rows are validated by the importer first.
     * With `expectedRevision` (the revision the admin previewed) it refuses, changing nothing, when
     * the catalogue has changed since: the preview would no longer say what the import does.
     */
    async replaceAll(items: CatalogueItemInput[], options: { expectedRevision?: number } = {}): Promise<number> {
      const rows = items.map((item) => validate(itemSchema, item));
      await deps.db.transaction(async (trx) => {
        if (options.expectedRevision !== undefined) {
          // Row lock: an edit committing between this check and the replace waits, then bumps past it.
          const state = await trx('catalogue_state').where({ id: 1 }).forUpdate().first('revision');
          if (Number(state?.revision ?? 0) !== options.expectedRevision) throw validationError({ token: [PREVIEW_STALE] });
        }
        if (rows.some(halfReadyFrom)) refuseImportedReadyFrom(rows, await trx('catalogue_items').select('genus', 'species', 'form', 'height', ...tradeSelectColumns(trx)));
        const kept = await keptTradeFields(trx, rows);
        await trx('catalogue_items').delete();
        // jsonb as JSON text: knex alone would send a JS array as a PostgreSQL array.
        const stored = kept.map((row) => ({ ...row, price_breaks: JSON.stringify(row.price_breaks ?? []) }));
        for (let start = 0; start < stored.length; start += 500) await trx('catalogue_items').insert(stored.slice(start, start + 500));
        await changed(trx, `imported ${rows.length} rows`);
      });
      // The whole table is new: fresh statistics keep search plans on the trigram indexes where
      // autovacuum is off (or has not come round yet). The import stands either way.
      await deps.db.raw('ANALYZE catalogue_items').catch((err: unknown) => deps.log.warn({ err }, 'ANALYZE catalogue_items failed after an import'));
      return rows.length;
    },

    /**
     * When the catalogue last changed: every edit, delete and import stamps it with the revision
     * bump, so unlike the lines' own `updated_at` it also moves when a line is deleted.
     */
    async changedAt(): Promise<Date | undefined> {
      const state = await deps.db('catalogue_state').where({ id: 1 }).first('changed_at');
      return state ? new Date(state.changed_at) : undefined;
    },

    /** Dashboard figures: how many lines, and when the newest download was generated. */
    async summary(): Promise<{ rows: number; generated_at: string | null }> {
      const [[count], pdf] = await Promise.all([deps.db('catalogue_items').count<{ n: string }[]>({ n: '*' }), latestFile(deps.db, 'pdf')]);
      return { rows: Number(count?.n ?? 0), generated_at: pdf ? new Date(pdf.generated_at).toISOString() : null };
    },

    /** The newest generated file of each format, or null while none has been generated yet. */
    async downloads(): Promise<CatalogueDownloads> {
      const [pdf, xlsx] = await Promise.all([latestFile(deps.db, 'pdf'), latestFile(deps.db, 'xlsx')]);
      return { pdf: presentDownload('pdf', pdf), xlsx: presentDownload('xlsx', xlsx) };
    },

    /**
     * The staff workbook of the whole catalogue, trade prices included (staff-workbook.ts), written
     * to `out`: what the import reads back unchanged. For staff only.
     */
    staffWorkbook(out: Writable, meta: { business: BusinessDetails; issued: Date }): Promise<{ rows: number }> {
      return writeStaffWorkbook(deps.db, out, meta);
    },

    /** The newest file of a format, for the download route. */
    latestFile(format: CatalogueFormat): Promise<CatalogueFile | undefined> {
      return latestFile(deps.db, format);
    },

    /**
     * Called once when the web process starts: asks for a render when either download is missing or
     * older than the catalogue (first start, or a render that failed for good). Returns whether it did.
     */
    async ensureDownloads(): Promise<boolean> {
      const [revision, pdf, xlsx] = await Promise.all([currentRevision(deps.db), latestFile(deps.db, 'pdf'), latestFile(deps.db, 'xlsx')]);
      if (pdf && xlsx && pdf.revision >= revision && xlsx.revision >= revision) return false;
      await deps.events.record(deps.db, 'catalogue.changed', { reason: 'startup' });
      return true;
    },
  };
}
export type CatalogueService = ReturnType<typeof catalogueService>;

/**
 * The public catalogue lines with these ids, keyed by id (ids not found are absent). For other
 * modules that hold catalogue ids (plant lists, quote requests); read in `db`, a transaction when
 * the caller snapshots the lines into its own rows.
 */
export async function catalogueLinesByIds(db: Db | Trx, ids: readonly number[]): Promise<Map<number, CatalogueLine>> {
  if (!ids.length) return new Map();
  const rows = await CatalogueItem.query(db).whereIn('id', [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, presentItem(row, PUBLIC_VIEWER)]));
}

/** The price-list renderer, for the trade module's job (a module reaches another only through its service). */
export { renderPricedCatalogue } from './price-list.ts';
