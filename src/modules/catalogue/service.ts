import type { Writable } from 'node:stream';
import type { CatalogueDownloads, CatalogueLine } from '../../../shared/api/catalogue.ts';
import type { BusinessDetails } from '../../config.ts';
import type { Db, Trx } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { TRADE_VIEWER, type Viewer } from '../../viewer.ts';
import { catalogueBrowsing } from './browse.ts';
import type { CatalogueFormat } from './constants.ts';
import { lineEdits } from './line-edits.ts';
import type { CatalogueFile } from './model.ts';
import { presentDownload, presentItem } from './presenter.ts';
import { searchWords } from './search.ts';
import { writeStaffWorkbook } from './staff-workbook.ts';
import { currentRevision, latestFile, latestFiles, linesByIds, LINE_COLUMNS, tradeColumn, type ViewedRow } from './store.ts';
import { wholeImport } from './whole-import.ts';

/** The import's refusal when the file or the catalogue changed since its preview (the admin routes say it too). */
export { PREVIEW_STALE } from './whole-import.ts';

/**
 * The trade catalogue: search for the catalogue page (browse.ts), edits that bump the catalogue
 * revision and announce `catalogue.changed`, which queues one debounced render (line-edits.ts,
 * whole-import.ts), and the generated downloads.
 */
export function catalogueService(deps: Pick<Deps, 'db' | 'events' | 'log'>) {
  // The downloads, by the content revision (not the catalogue's: a generated file moves only the former).
  let downloadsCache: { revision: number; value: CatalogueDownloads } | undefined;
  return {
    ...catalogueBrowsing(deps),
    ...lineEdits(deps),

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

    ...wholeImport(deps),

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
