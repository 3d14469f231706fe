import type { CatalogueLine } from '../../../shared/api/catalogue.ts';
import type { Trx } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { notFound, validationError } from '../../errors.ts';
import { validate } from '../../validation/validate.ts';
import { TRADE_VIEWER } from '../../viewer.ts';
import { recordCatalogueChange } from './catalogue-change.ts';
import { codeUsedBy, describeLine } from './import-plan.ts';
import { CatalogueItem } from './model.ts';
import { presentItem } from './presenter.ts';
import { refuseReadyFrom, storedReadyFrom } from './ready-from-rule.ts';
import { itemPatchSchema, itemSchema, NOTHING_STORED, type CatalogueItemInput, type CatalogueItemPatch } from './schema.ts';
import { activeTwin, codeOwner, linesByIds, type CatalogueRow, type LineDescription } from './store.ts';

/** The fields that say which plant, form and height a line is (one active line each). */
const DESCRIPTION_FIELDS = ['genus', 'species', 'form', 'height'] as const;
/** A patch's given description fields only (undefined = unchanged). */
const definedFields = (patch: Partial<LineDescription>) =>
  Object.fromEntries(DESCRIPTION_FIELDS.flatMap((field) => (patch[field] === undefined ? [] : [[field, patch[field]]])));

/**
 * Staff's edits of one line at a time: add, change, retire and reinstate. Each is refused with a
 * 422 when it would reuse a code or make two active lines of one plant, form and height, and
 * answers with the line as staff see it.
 */
export function lineEdits(deps: Pick<Deps, 'db' | 'events'>) {
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

  return {
    /** Adds a line; validated here too, as imports and seeds call this without a route. */
    async create(input: CatalogueItemInput): Promise<CatalogueLine> {
      const data = validate(itemSchema, input);
      refuseReadyFrom(data, NOTHING_STORED);
      const item = await deps.db.transaction(async (trx) => {
        await refuseUsedCode(trx, data.code);
        await refuseTwin(trx, data);
        const row = await CatalogueItem.query(trx).insertAndFetch(data);
        await recordCatalogueChange(deps, trx, `created ${row.id}`);
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
        await recordCatalogueChange(deps, trx, `updated ${id}`);
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
        await recordCatalogueChange(deps, trx, `retired ${id}`);
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
        await recordCatalogueChange(deps, trx, `reinstated ${id}`);
        return row as CatalogueRow;
      });
      return staffLine(item);
    },
  };
}
