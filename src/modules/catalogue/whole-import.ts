import type { ImportPreview } from '../../../shared/api/catalogue.ts';
import type { Trx } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { validationError } from '../../errors.ts';
import { validate } from '../../validation/validate.ts';
import { recordCatalogueChange } from './catalogue-change.ts';
import { planImport, previewOf, type ImportPlan, type LineChange, type NumberedItem } from './import-plan.ts';
import { previewToken } from './import-preview.ts';
import { itemSchema, type CatalogueItemInput } from './schema.ts';
import { currentRevision, formerCodeOwners, storedLines } from './store.ts';

/** Why a confirmed import is refused: the file or the catalogue is not what was previewed. */
export const PREVIEW_STALE = 'The file or the catalogue has changed since the preview; preview the import again.';

/** A row of an import as the importer reads it, with its spreadsheet row number. */
export type ImportRow = CatalogueItemInput & { row?: number };

/** How many bad rows an import's 422 lists before summarising the rest (as import.ts does). */
const MAX_LISTED_ERRORS = 50;

/** Imported rows validated again by the catalogue's schema (imports may come from elsewhere), keeping their row numbers. */
const validatedRows = (items: ImportRow[]): NumberedItem[] => items.map((item) => ({ ...validate(itemSchema, item), row: item.row }));

/**
 * Imports of the whole catalogue (the admin uploads the full list): what one would change, and
 * the import itself, in one transaction.
 */
export function wholeImport(deps: Pick<Deps, 'db' | 'events' | 'log'>) {
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

  return {
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
        await recordCatalogueChange(
          deps,
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
  };
}
