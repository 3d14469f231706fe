import type {
  CatalogueDownloads,
  CatalogueFacets,
  CatalogueLine,
  CataloguePage,
  GenusDetail,
  GenusSummary,
  ImportPreview,
} from '../../../shared/api/catalogue.ts';
import type { Writable } from 'node:stream';
import type { BusinessDetails } from '../../config.ts';
import type { Db, Trx } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { notFound, validationError } from '../../errors.ts';
import { validate } from '../../validation/validate.ts';
import { CATALOGUE_FORMS, CATALOGUE_HEIGHTS, type CatalogueFormat } from './constants.ts';
import { CatalogueItem, type CatalogueFile } from './model.ts';
import { TRADE_VIEWER, type Viewer } from '../../viewer.ts';
import { presentDownload, presentItem } from './presenter.ts';
import {
  itemPatchSchema,
  itemSchema,
  NOTHING_STORED,
  type CatalogueItemInput,
  type CatalogueItemPatch,
  type CatalogueQuery,
} from './schema.ts';
import { previewToken } from './import-preview.ts';
import { codeUsedBy, describeLine, planImport, previewOf, type ImportPlan, type LineChange, type NumberedItem } from './import-plan.ts';
import { refuseReadyFrom, storedReadyFrom } from './ready-from-rule.ts';
import {
  activeTwin,
  bumpRevision,
  codeOwner,
  currentRevision,
  formerCodeOwners,
  latestFile,
  latestFiles,
  storedLines,
  LINE_COLUMNS,
  linesByIds,
  tradeColumn,
  type CatalogueRow,
  type LineDescription,
  type ViewedRow,
} from './store.ts';
import { findLines, searchLines, searchWords } from './search.ts';
import { genusNames, NameIndex, NO_NAMES } from './fallback-names.ts';
import { genusDetail, genusEntries, type GenusEntry } from './genera.ts';
import { writeStaffWorkbook } from './staff-workbook.ts';

/** Why a confirmed import is refused: the file or the catalogue is not what was previewed. */
export const PREVIEW_STALE = 'The file or the catalogue has changed since the preview; preview the import again.';

/** A row of an import as the importer reads it, with its spreadsheet row number. */
export type ImportRow = CatalogueItemInput & { row?: number };

/** How many bad rows an import's 422 lists before summarising the rest (as import.ts does). */
const MAX_LISTED_ERRORS = 50;

/** Imported rows validated again by the catalogue's schema (imports may come from elsewhere), keeping their row numbers. */
const validatedRows = (items: ImportRow[]): NumberedItem[] => items.map((item) => ({ ...validate(itemSchema, item), row: item.row }));

/** The fields that say which plant, form and height a line is (one active line each). */
const DESCRIPTION_FIELDS = ['genus', 'species', 'form', 'height'] as const;
/** A patch's given description fields only (undefined = unchanged). */
const definedFields = (patch: Partial<LineDescription>) =>
  Object.fromEntries(DESCRIPTION_FIELDS.flatMap((field) => (patch[field] === undefined ? [] : [[field, patch[field]]])));

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

  /** `at`: the catalogue revision the caller's search statement read, else it is read here. */
  async function facets(at?: number): Promise<CatalogueFacets> {
    const revision = at ?? (await currentRevision(deps.db));
    if (facetCache?.revision === revision) return facetCache.facets;
    const distinct = async (column: 'genus' | 'form' | 'height') =>
      (await deps.db('catalogue_items').whereNull('retired_at').distinct(column).orderBy(column)).map(
        (r: Record<string, string>) => r[column]!,
      );
    const [genus, form, height] = await Promise.all([distinct('genus'), distinct('form'), distinct('height')]);
    const value = { genus, form: form.sort(byVocabulary(CATALOGUE_FORMS)), height: height.sort(byVocabulary(CATALOGUE_HEIGHTS)) };
    facetCache = { revision, facets: value };
    return value;
  }

  // The genus list changes only with the catalogue: cached per revision, like the facets.
  let genusCache: { revision: number; entries: GenusEntry[] } | undefined;
  // The names the search's fallback ranks, with the revision they were read at. A search sends
  // them without checking that revision first (one round trip, not two) and gets back the revision
  // it read: only a search that needed the fallback and read a newer catalogue reads them anew.
  let namesCache: { revision: number; index: NameIndex } | undefined;
  // The downloads, by the content revision (not the catalogue's: a generated file moves only the former).
  let downloadsCache: { revision: number; value: CatalogueDownloads } | undefined;

  async function freshNames(): Promise<NameIndex> {
    const revision = await currentRevision(deps.db);
    const index = new NameIndex(await genusNames(deps.db));
    namesCache = { revision, index };
    return index;
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
    const [row] = await linesByIds(deps.db, [item.id], TRADE_VIEWER);
    return presentItem(row!, TRADE_VIEWER);
  }

  /** A 422 on `code` when another line has or had the code (codes are never reused). */
  async function refuseUsedCode(trx: Trx, code: string | undefined, exceptId?: number): Promise<void> {
    if (code === undefined) return;
    const owner = await codeOwner(trx, code, exceptId);
    if (owner) throw validationError({ code: [codeUsedBy(owner)] });
  }

  /**
   * A 422 on the description's fields when another active line is the same plant in the same form
   * and height (any capitals): two such lines could not be told apart, and the catalogue's own
   * download would not import again.
   */
  async function refuseTwin(trx: Trx, line: LineDescription, exceptId?: number): Promise<void> {
    const twin = await activeTwin(trx, line, exceptId);
    if (!twin) return;
    const message = `The catalogue already has this plant in this form and height: ${describeLine(twin)}.`;
    throw validationError({ genus: [message], species: [message], form: [message], height: [message] });
  }

  /** An import's plan against the catalogue in `trx`; a 422 naming each bad row when it has errors. */
  async function importPlan(trx: Trx, rows: NumberedItem[]): Promise<ImportPlan> {
    const lines = await storedLines(trx);
    const codes = new Set(lines.map((line) => line.code));
    const former = await formerCodeOwners(
      trx,
      rows.flatMap((row) => (row.code && !codes.has(row.code) ? [row.code] : [])),
    );
    const plan = planImport(lines, rows, former);
    if (plan.errors.length) {
      const listed = plan.errors.slice(0, MAX_LISTED_ERRORS);
      if (plan.errors.length > listed.length) listed.push(`… and ${plan.errors.length - listed.length} more problems.`);
      throw validationError({ rows: listed });
    }
    return plan;
  }

  /** Bumps the revision and records `catalogue.changed` in the edit's own transaction: one commit. */
  async function changed(trx: Trx, reason: string): Promise<void> {
    await bumpRevision(trx);
    await deps.events.record(trx, 'catalogue.changed', { reason });
  }

  return {
    /**
     * One page of the catalogue. Every word of `q` must appear (case-insensitively) in the genus,
     * species or common name, or in a curated common name of its species or genus
     * (common-names.ts); lines of the plant a name belongs to come first (`laurel` → the laurels
     * before other Prunus), then the rest in catalogue order (search.ts). The other filters are
     * exact. When a search matches nothing, the lines of the genera nearest to it by trigram
     * similarity stand in, named in `did_you_mean` (unless `match` is `exact`). Facets cover the
     * whole catalogue. Each line carries its `trade` fields for a trade viewer only.
     */
    async list(query: Partial<CatalogueQuery>, viewer: Viewer): Promise<CataloguePage> {
      const page = query.page ?? 0;
      const limit = query.limit ?? 50;
      const exact = { genus: query.genus, form: query.form, height: query.height };
      const words = searchWords(query.q);
      if (!words.length) {
        const [found, facetValues] = await Promise.all([findLines(deps.db, exact, page, limit, viewer), facets()]);
        return { results: found.rows.map((row) => presentItem(row, viewer)), total: found.total, facets: facetValues, did_you_mean: [] };
      }
      // The words, their total and (unless `match` is `exact`) the fallback are one statement.
      const fallback = query.match !== 'exact';
      const search = (index: NameIndex | undefined) =>
        searchLines(deps.db, { ...exact, words }, page, limit, viewer, fallback && index ? index.candidates(words.join(' ')) : NO_NAMES);
      const known = namesCache;
      const first = await search(known?.index);
      const stale = fallback && !first.matched && known?.revision !== first.revision;
      const answer = stale ? await search(await freshNames()) : first;
      return {
        results: answer.rows.map((row) => presentItem(row, viewer)),
        total: answer.total,
        // At the revision the search read: no query of its own unless the catalogue has changed.
        facets: await facets(answer.revision),
        did_you_mean: answer.didYouMean,
      };
    },

    /** Every genus with its line count and newest update, sorted by name (the genus index, the sitemap). */
    async genera(): Promise<GenusSummary[]> {
      return (await entries()).map(({ spellings: _spellings, ...summary }) => summary);
    },

    /** A genus page by its slug (see shared/slug.ts); undefined when no line has that genus. */
    async genus(slug: string, viewer: Viewer): Promise<GenusDetail | undefined> {
      const entry = (await entries()).find((e) => e.slug === slug);
      return entry && genusDetail(deps.db, entry, viewer);
    },

    /** Adds a line; validated here too, as imports and seeds call this without a route. */
    async create(input: CatalogueItemInput): Promise<CatalogueLine> {
      const data = validate(itemSchema, input);
      refuseReadyFrom(data, NOTHING_STORED);
      const item = await deps.db.transaction(async (trx) => {
        await refuseUsedCode(trx, data.code);
        await refuseTwin(trx, data);
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
        await refuseUsedCode(trx, data.code, id);
        if (DESCRIPTION_FIELDS.some((field) => data[field] !== undefined)) {
          const stored = await trx('catalogue_items').where({ id }).first('genus', 'species', 'form', 'height', 'retired_at');
          if (!stored) throw notFound();
          // A retired line may share its description (with the line that replaced it), until reinstated.
          if (!stored.retired_at) await refuseTwin(trx, { ...stored, ...definedFields(data) }, id);
        }
        const row = await CatalogueItem.query(trx).patchAndFetchById(id, { ...data, updated_at: trx.fn.now() });
        if (!row) throw notFound();
        await changed(trx, `updated ${id}`);
        return row;
      });
      return staffLine(item);
    },

    /**
     * Retires a line: it leaves the catalogue (search, genus pages, downloads, price lists) but is
     * never deleted, so every plant list and quote request line that names it keeps reading it.
     * Unknown or already retired id → 404.
     */
    async retire(id: number): Promise<void> {
      await deps.db.transaction(async (trx) => {
        const retired = await trx('catalogue_items')
          .where({ id })
          .whereNull('retired_at')
          .update({ retired_at: trx.fn.now(), updated_at: trx.fn.now() });
        if (!retired) throw notFound();
        await changed(trx, `retired ${id}`);
      });
    },

    /** Brings a retired line back into the catalogue, as it was; unknown or not retired id → 404. */
    async reinstate(id: number): Promise<CatalogueLine> {
      const item = await deps.db.transaction(async (trx) => {
        const retired = await trx('catalogue_items').where({ id }).whereNotNull('retired_at').first('genus', 'species', 'form', 'height');
        if (!retired) throw notFound();
        await refuseTwin(trx, retired, id);
        const [row] = await trx('catalogue_items')
          .where({ id })
          .whereNotNull('retired_at')
          .update({ retired_at: null, updated_at: trx.fn.now() })
          .returning('*');
        if (!row) throw notFound();
        await changed(trx, `reinstated ${id}`);
        return row as CatalogueRow;
      });
      return staffLine(item);
    },

    /** Retired lines for the catalogue admin, most recently retired first; `q` matches the code, genus or species. */
    async retired(query: { q?: string; page?: number; limit?: number }): Promise<{ results: CatalogueLine[]; total: number }> {
      const limit = query.limit ?? 50;
      const filtered = () => {
        const builder = deps.db('catalogue_items').whereNotNull('retired_at');
        for (const word of searchWords(query.q)) {
          const like = `%${word.replace(/[\\%_]/g, '\\$&')}%`;
          builder.where((w) => w.whereILike('code', like).orWhereILike('genus', like).orWhereILike('species', like));
        }
        return builder;
      };
      const [rows, [count]] = await Promise.all([
        filtered()
          .select(...LINE_COLUMNS, tradeColumn(deps.db))
          .orderBy([
            { column: 'retired_at', order: 'desc' },
            { column: 'id', order: 'desc' },
          ])
          .limit(limit)
          .offset((query.page ?? 0) * limit) as Promise<ViewedRow[]>,
        filtered().count<{ n: string }[]>({ n: '*' }),
      ]);
      return { results: rows.map((row) => presentItem(row, TRADE_VIEWER)), total: Number(count?.n ?? 0) };
    },

    /**
     * What {@link replaceAll} would do with these lines, changing nothing. The token names the
     * revision compared against and the file's SHA-256, so the confirm applies exactly this.
     */
    async previewImport(items: ImportRow[], fileSha256: string): Promise<ImportPreview> {
      const rows = validatedRows(items);
      return deps.db.transaction(async (trx) => {
        // One snapshot: the revision and the rows it describes are read together.
        await trx.raw('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
        const revision = await currentRevision(trx);
        return previewOf(await importPlan(trx, rows), previewToken(revision, fileSha256));
      });
    },

    /**
     * Applies an import of the whole catalogue (the admin uploads the full list) in one
     * transaction. Rows match lines by product code (or description, see import-plan.ts): a
     * matched line is updated in place only where it differs, so it keeps its id, code and every
     * plant list and quote line pointing at it; lines the file lacks are retired, never deleted.
     * Readers see the old catalogue or the new one, never a mix; one revision bump and one
     * `catalogue.changed` — and none at all when nothing differs (an unchanged export re-imported).
     * With `expectedRevision` (the revision the admin previewed) it refuses, changing nothing, when
     * the catalogue has changed since: the preview would no longer say what the import does.
     */
    async replaceAll(items: ImportRow[], options: { expectedRevision?: number } = {}): Promise<number> {
      const rows = validatedRows(items);
      const touched = await deps.db.transaction(async (trx) => {
        if (options.expectedRevision !== undefined) {
          // Row lock: an edit committing between this check and the import waits, then bumps past it.
          const state = await trx('catalogue_state').where({ id: 1 }).forUpdate().first('revision');
          if (Number(state?.revision ?? 0) !== options.expectedRevision) throw validationError({ token: [PREVIEW_STALE] });
        }
        const plan = await importPlan(trx, rows);
        const touched = plan.added.length + plan.changed.length + plan.reinstated.length + plan.retired.length;
        if (!touched) return 0;
        // jsonb as JSON text: knex alone would send a JS array as a PostgreSQL array.
        const stored = (fields: Record<string, unknown>) =>
          fields.price_breaks === undefined ? fields : { ...fields, price_breaks: JSON.stringify(fields.price_breaks ?? []) };
        // Retired first, then changed, reinstated and added: a row may take the description of a
        // line the file lacks, and one active line per description is checked at each statement.
        const retiring = plan.retired.map((line) => line.id);
        for (let start = 0; start < retiring.length; start += 1000) {
          await trx('catalogue_items')
            .whereIn('id', retiring.slice(start, start + 1000))
            .update({ retired_at: trx.fn.now(), updated_at: trx.fn.now() });
        }
        const apply = (change: LineChange, extra: Record<string, unknown> = {}) =>
          trx('catalogue_items')
            .where({ id: change.id })
            .update({ ...stored(change.patch), ...extra, updated_at: trx.fn.now() });
        for (const change of plan.changed) await apply(change);
        for (const change of plan.reinstated) await apply(change, { retired_at: null });
        const added = plan.added.map(({ item: { row: _row, ...item } }) => stored(item));
        for (let start = 0; start < added.length; start += 500) await trx('catalogue_items').insert(added.slice(start, start + 500));
        await changed(
          trx,
          `imported ${rows.length} rows: ${plan.added.length} added, ${plan.changed.length} changed, ${plan.retired.length} retired, ${plan.reinstated.length} reinstated`,
        );
        return touched;
      });
      // Many new rows: fresh statistics keep search plans on the trigram indexes where autovacuum
      // is off (or has not come round yet). The import stands either way.
      if (touched)
        await deps.db
          .raw('ANALYZE catalogue_items')
          .catch((err: unknown) => deps.log.warn({ err }, 'ANALYZE catalogue_items failed after an import'));
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
      const [[count], pdf] = await Promise.all([
        deps.db('catalogue_items').whereNull('retired_at').count<{ n: string }[]>({ n: '*' }),
        latestFile(deps.db, 'pdf'),
      ]);
      return { rows: Number(count?.n ?? 0), generated_at: pdf ? new Date(pdf.generated_at).toISOString() : null };
    },

    /**
     * The newest generated file of each format, or null while none has been generated yet.
     * `revision`: the content revision the caller has just read (the server render's page key; a
     * new file moves it), to answer from memory what was read at that revision; else read now.
     */
    async downloads(options: { revision?: number } = {}): Promise<CatalogueDownloads> {
      const { revision } = options;
      if (revision !== undefined && downloadsCache?.revision === revision) return downloadsCache.value;
      const { pdf, xlsx } = await latestFiles(deps.db);
      const value = { pdf: presentDownload('pdf', pdf), xlsx: presentDownload('xlsx', xlsx) };
      // Read after the revision was, so at least as new as it.
      if (revision !== undefined) downloadsCache = { revision, value };
      return value;
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
 * The catalogue lines with these ids as `viewer` sees them, keyed by id (ids not found are
 * absent), retired ones included with their `retired_at`: for other modules that hold catalogue
 * ids (plant lists, quote requests), which show such a line as no longer available and must not
 * add it anew. Read in `db`, a transaction when the caller snapshots the lines into its own rows.
 */
export async function catalogueLinesByIds(db: Db | Trx, ids: readonly number[], viewer: Viewer): Promise<Map<number, CatalogueLine>> {
  const rows = await linesByIds(db, ids, viewer);
  return new Map(rows.map((row) => [row.id, presentItem(row, viewer)]));
}

/**
 * The catalogue lines with these ids as staff see them now — with their trade price and
 * availability — keyed by id; retired lines carry `retired_at`. For staff pricing a
 * quote request only: a buyer's answer goes through the viewer, never through this.
 */
export const staffLinesByIds = (db: Db, ids: readonly number[]): Promise<Map<number, CatalogueLine>> =>
  catalogueLinesByIds(db, ids, TRADE_VIEWER);

/** The price-list renderer, for the trade module's job (a module reaches another only through its service). */
export { renderPricedCatalogue } from './price-list.ts';

/** Staff's look-ups for a quotation: a line by product code, and the active lines of given plants. */
export { staffLineByCode, staffLinesOfPlants } from './staff-lookup.ts';
/** For reading planting schedules (the schedules module): what the catalogue knows of names, and its workbook limits. */
export { plantsCalled } from './common-names.ts';
export { SPECIES_EPITHET_SQL } from './species-epithet.ts';
export { checkZipSizes } from './zip-limits.ts';
