import type { Deps } from '../../deps.ts';
import { notFound, validationError } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';
import { CATALOGUE_FORMS, CATALOGUE_HEIGHTS, ORDER_KEY_SQL, type CatalogueFormat } from './constants.ts';
import { CatalogueItem, type CatalogueFile } from './model.ts';
import { presentDownload, presentItem, type PresentedDownload } from './presenter.ts';
import { itemPatchSchema, itemSchema, type CatalogueItemInput, type CatalogueItemPatch, type CatalogueQuery } from './schema.ts';
import { diffCatalogue, previewToken, type ImportPreview } from './import-preview.ts';
import { bumpRevision, currentRevision, latestFile, type CatalogueRow } from './store.ts';

/** Distinct values over the whole catalogue, for the page's filter menus. */
export interface CatalogueFacets {
  genus: string[];
  form: string[];
  height: string[];
}

/** GET /api/catalogue's body. */
export interface CatalogueList {
  results: CatalogueRow[];
  total: number;
  facets: CatalogueFacets;
}

/** Why a confirmed import is refused: the file or the catalogue is not what was previewed. */
export const PREVIEW_STALE = 'The file or the catalogue has changed since the preview; preview the import again.';

/** The job id that folds a burst of edits into one render (BullMQ drops a duplicate id). */
export const RENDER_JOB_ID = 'catalogue-render';

/** LIKE wildcards in a visitor's search are literal characters. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

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
export function catalogueService(deps: Pick<Deps, 'db' | 'events' | 'queue' | 'log'>) {
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

  /** Tells subscribers after commit. The edit is saved either way, so a failure here is logged, not
   * thrown: the render job's revision check and the start-up check catch up on a lost event. */
  async function changed(reason: string): Promise<void> {
    try {
      await deps.events.emit('catalogue.changed', { reason });
    } catch (err) {
      deps.log.error({ err, reason }, 'catalogue.changed subscriber failed; downloads will catch up later');
    }
  }

  return {
    /**
     * One page of the catalogue. Every word of `q` must appear (case-insensitively) in the genus,
     * species or common name; the other filters are exact. Facets cover the whole catalogue.
     */
    async list(query: Partial<CatalogueQuery> = {}): Promise<CatalogueList> {
      const page = query.page ?? 0;
      const limit = query.limit ?? 50;
      const filtered = () => {
        const builder = deps.db('catalogue_items');
        // At most ten words: q is capped at 100 characters anyway, this bounds the WHERE clause.
        for (const word of (query.q ?? '').split(/\s+/).filter(Boolean).slice(0, 10)) {
          const like = `%${escapeLike(word)}%`;
          builder.where((w) => w.whereILike('genus', like).orWhereILike('species', like).orWhereILike('common_name', like));
        }
        if (query.genus) builder.where('genus', query.genus);
        if (query.form) builder.where('form', query.form);
        if (query.height) builder.where('height', query.height);
        return builder;
      };
      const [rows, [count], facetValues] = await Promise.all([
        filtered()
          .select('id', 'genus', 'species', 'common_name', 'form', 'height')
          .orderByRaw(ORDER_KEY_SQL)
          .limit(limit)
          .offset(page * limit),
        filtered().count<{ count: string }[]>({ count: '*' }),
        facets(),
      ]);
      return { results: (rows as CatalogueRow[]).map(presentItem), total: Number(count?.count ?? 0), facets: facetValues };
    },

    /** Adds a line; validated here too, as imports and seeds call this without a route. */
    async create(input: CatalogueItemInput): Promise<CatalogueRow> {
      const data = validate(itemSchema, input);
      const item = await deps.db.transaction(async (trx) => {
        const row = await CatalogueItem.query(trx).insertAndFetch(data);
        await bumpRevision(trx);
        return row;
      });
      await changed(`created ${item.id}`);
      return presentItem(item);
    },

    /** Changes the given fields of a line; unknown id → 404. */
    async update(id: number, input: CatalogueItemPatch): Promise<CatalogueRow> {
      const data = validate(itemPatchSchema, input);
      const item = await deps.db.transaction(async (trx) => {
        const row = await CatalogueItem.query(trx).patchAndFetchById(id, { ...data, updated_at: trx.fn.now() });
        if (!row) throw notFound();
        await bumpRevision(trx);
        return row;
      });
      await changed(`updated ${id}`);
      return presentItem(item);
    },

    /** Deletes a line; unknown id → 404. */
    async remove(id: number): Promise<void> {
      await deps.db.transaction(async (trx) => {
        const deleted = await CatalogueItem.query(trx).deleteById(id);
        if (!deleted) throw notFound();
        await bumpRevision(trx);
      });
      await changed(`removed ${id}`);
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
        const current = (await trx('catalogue_items').orderBy('id').select('genus', 'species', 'common_name', 'form', 'height')) as CatalogueRow[];
        return diffCatalogue(current, rows, previewToken(revision, fileSha256));
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
        await trx('catalogue_items').delete();
        for (let start = 0; start < rows.length; start += 500) await trx('catalogue_items').insert(rows.slice(start, start + 500));
        await bumpRevision(trx);
      });
      await changed(`imported ${rows.length} rows`);
      return rows.length;
    },

    /** Dashboard figures: how many lines, and when the newest download was generated. */
    async summary(): Promise<{ rows: number; generated_at: string | null }> {
      const [[count], pdf] = await Promise.all([deps.db('catalogue_items').count<{ n: string }[]>({ n: '*' }), latestFile(deps.db, 'pdf')]);
      return { rows: Number(count?.n ?? 0), generated_at: pdf ? new Date(pdf.generated_at).toISOString() : null };
    },

    /** The newest generated file of each format, or null while none has been generated yet. */
    async downloads(): Promise<{ pdf: PresentedDownload | null; xlsx: PresentedDownload | null }> {
      const [pdf, xlsx] = await Promise.all([latestFile(deps.db, 'pdf'), latestFile(deps.db, 'xlsx')]);
      return { pdf: presentDownload('pdf', pdf), xlsx: presentDownload('xlsx', xlsx) };
    },

    /** The newest file of a format, for the download route. */
    latestFile(format: CatalogueFormat): Promise<CatalogueFile | undefined> {
      return latestFile(deps.db, format);
    },

    /**
     * Called once when the web process starts: queues a render when either download is missing or
     * older than the catalogue (first start, or edits whose event was lost). Returns whether it did.
     */
    async ensureDownloads(): Promise<boolean> {
      const [revision, pdf, xlsx] = await Promise.all([currentRevision(deps.db), latestFile(deps.db, 'pdf'), latestFile(deps.db, 'xlsx')]);
      if (pdf && xlsx && pdf.revision >= revision && xlsx.revision >= revision) return false;
      await deps.queue.enqueue('catalogue.render', { reason: 'startup' }, { jobId: RENDER_JOB_ID, delayMs: 0 });
      return true;
    },
  };
}
export type CatalogueService = ReturnType<typeof catalogueService>;
