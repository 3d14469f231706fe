import type { CatalogueLine } from '../../../shared/api/catalogue.ts';
import type { PlantList, PlantListLine, PlantListSnapshot } from '../../../shared/api/plant-lists.ts';
import type { Db, Trx } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { notFound, validationError } from '../../errors.ts';
import { PUBLIC_VIEWER, type Viewer } from '../../viewer.ts';
import { catalogueLinesByIds } from '../catalogue/service.ts';
import { findUserById } from '../users/service.ts';
import { PlantListLineRow } from './model.ts';
import { MAX_LINES, MAX_QUANTITY, TOO_MANY_LINES, type LineInput } from './schema.ts';

const INVALID_ITEM = 'The selected catalogue item is invalid.';
const RETIRED_ITEM = 'This line is no longer available in the catalogue.';
const SNAPSHOT_FIELDS = ['code', 'genus', 'species', 'common_name', 'form', 'height'] as const;

const snapshotOf = (line: CatalogueLine): PlantListSnapshot => ({
  code: line.code,
  genus: line.genus,
  species: line.species,
  common_name: line.common_name,
  form: line.form,
  height: line.height,
});

/** A stored line with the catalogue line as it is now: retired, gone (`current` null) or changed is shown, never dropped. */
function present(row: PlantListLineRow, current: CatalogueLine | undefined): PlantListLine {
  // A snapshot from before product codes may lack one: only a code it has can differ.
  const changed =
    !current || SNAPSHOT_FIELDS.some((field) => (field !== 'code' || row.snapshot.code) && current[field] !== row.snapshot[field]);
  const snapshot = { ...row.snapshot, code: row.snapshot.code ?? '' };
  return {
    id: row.id,
    catalogue_item_id: row.catalogue_item_id,
    quantity: row.quantity,
    snapshot,
    current: current ?? null,
    available: Boolean(current && !current.retired_at),
    changed,
  };
}

/** Lines as `viewer` may see them: `current.trade` (prices, availability) only for a trade viewer. */
async function presentAll(db: Db | Trx, rows: PlantListLineRow[], viewer: Viewer): Promise<PlantListLine[]> {
  const current = await catalogueLinesByIds(
    db,
    rows.flatMap((row) => (row.catalogue_item_id ? [row.catalogue_item_id] : [])),
    viewer,
  );
  return rows.map((row) => present(row, row.catalogue_item_id ? current.get(row.catalogue_item_id) : undefined));
}

async function readList(db: Db | Trx, userId: number, viewer: Viewer): Promise<PlantList> {
  const rows = await PlantListLineRow.query(db).where({ user_id: userId }).orderBy('id');
  const lines = await presentAll(db, rows, viewer);
  return { lines, count: lines.length };
}

/**
 * Adds lines to a buyer's list inside `trx`: a catalogue row already on the list gets the quantity
 * added (capped at MAX_QUANTITY) and its snapshot refreshed, since the buyer chose it from the
 * catalogue as it is now. Lines for one catalogue row in `lines` are summed first. Unknown
 * catalogue ids are a 422 naming the line (`fieldOf(index)`), and so are retired lines unless
 * `options.retired` is `keep` (a list merged or copied as it was); a list that would pass MAX_LINES a
 * 422 on `lines`; either way nothing is changed. The buyer's row is locked first, so two adds at
 * once cannot both pass the limit. Returns the stored lines touched, in `lines` order.
 */
export async function addToPlantList(
  trx: Trx,
  userId: number,
  lines: readonly LineInput[],
  fieldOf: (index: number) => string = (index) => `lines.${index}.catalogue_item_id`,
  options: { retired?: 'refuse' | 'keep' } = {},
): Promise<PlantListLineRow[]> {
  await findUserById(trx, userId, { lock: true });
  // Only the snapshot is taken from these: no trade fields needed.
  const catalogue = await catalogueLinesByIds(
    trx,
    lines.map((line) => line.catalogue_item_id),
    PUBLIC_VIEWER,
  );
  const errors: Record<string, string[]> = {};
  lines.forEach((line, index) => {
    const found = catalogue.get(line.catalogue_item_id);
    if (!found) errors[fieldOf(index)] = [INVALID_ITEM];
    else if (found.retired_at && options.retired !== 'keep') errors[fieldOf(index)] = [RETIRED_ITEM];
  });
  if (Object.keys(errors).length) throw validationError(errors);

  const quantities = new Map<number, number>();
  for (const line of lines)
    quantities.set(line.catalogue_item_id, Math.min(MAX_QUANTITY, (quantities.get(line.catalogue_item_id) ?? 0) + line.quantity));
  const ids = [...quantities.keys()];
  if (!ids.length) return [];

  const stored: { catalogue_item_id: number | null }[] = await trx('plant_list_lines')
    .where({ user_id: userId })
    .select('catalogue_item_id');
  const onList = new Set(stored.map((row) => row.catalogue_item_id));
  if (stored.length + ids.filter((id) => !onList.has(id)).length > MAX_LINES) throw validationError({ lines: [TOO_MANY_LINES] });

  const rows = await PlantListLineRow.query(trx)
    .insert(
      ids.map((id) => ({
        user_id: userId,
        catalogue_item_id: id,
        quantity: quantities.get(id)!,
        snapshot: snapshotOf(catalogue.get(id)!),
      })),
    )
    .onConflict(['user_id', 'catalogue_item_id'])
    .merge({
      quantity: trx.raw('least(plant_list_lines.quantity + excluded.quantity, ?)', [MAX_QUANTITY]) as unknown as number,
      snapshot: trx.raw('excluded.snapshot') as unknown as PlantListSnapshot,
      updated_at: trx.fn.now() as unknown as Date,
    })
    .returning('*');
  return rows as unknown as PlantListLineRow[];
}

/** A stored line of a buyer's list: what a quote request takes from it. */
export interface TakenLine {
  catalogue_item_id: number | null;
  quantity: number;
  snapshot: PlantListSnapshot;
}

/** Empties a buyer's list inside `trx` (the quote request that sends it commits with it) and returns its lines in order. */
export async function takePlantList(trx: Trx, userId: number): Promise<TakenLine[]> {
  await findUserById(trx, userId, { lock: true });
  const rows: (TakenLine & { id: number })[] = await trx('plant_list_lines')
    .where({ user_id: userId })
    .delete()
    .returning(['id', 'catalogue_item_id', 'quantity', 'snapshot']);
  // DELETE … RETURNING has no order: the list's order is the order lines were added.
  return rows.sort((a, b) => a.id - b.id).map(({ catalogue_item_id, quantity, snapshot }) => ({ catalogue_item_id, quantity, snapshot }));
}

/** Reads a buyer's list (for a module that has just changed it in `trx`). */
export const readPlantList = readList;

/**
 * A signed-in buyer's plant list (a quote basket). Every call names the buyer: a line of another
 * buyer is "not found", never "forbidden", so ids reveal nothing.
 */
export function plantListService(deps: Pick<Deps, 'db'>) {
  const mine = async (db: Db | Trx, userId: number, id: number) => {
    const row = await PlantListLineRow.query(db).findOne({ id, user_id: userId });
    if (!row) throw notFound();
    return row;
  };
  return {
    list: (userId: number, viewer: Viewer): Promise<PlantList> => readList(deps.db, userId, viewer),

    /** Adds one line, or adds to the quantity of the line already there. */
    async add(userId: number, line: LineInput, viewer: Viewer): Promise<PlantListLine> {
      return deps.db.transaction(async (trx) => {
        const [row] = await addToPlantList(trx, userId, [line], () => 'catalogue_item_id');
        return (await presentAll(trx, [row!], viewer))[0]!;
      });
    },

    async setQuantity(userId: number, id: number, quantity: number, viewer: Viewer): Promise<PlantListLine> {
      const row = await mine(deps.db, userId, id);
      const updated = await row.$query(deps.db).patchAndFetch({ quantity, updated_at: new Date() });
      return (await presentAll(deps.db, [updated], viewer))[0]!;
    },

    async remove(userId: number, id: number): Promise<void> {
      const deleted = await PlantListLineRow.query(deps.db).delete().where({ id, user_id: userId });
      if (!deleted) throw notFound();
    },

    async clear(userId: number): Promise<void> {
      await PlantListLineRow.query(deps.db).delete().where({ user_id: userId });
    },

    /**
     * The guest's list on sign-in: each line added (quantities summed), all or nothing. A line
     * retired since the guest added it is kept, to read "no longer available" as it did.
     */
    async merge(userId: number, lines: LineInput[], viewer: Viewer): Promise<PlantList> {
      return deps.db.transaction(async (trx) => {
        await addToPlantList(trx, userId, lines, undefined, { retired: 'keep' });
        return readList(trx, userId, viewer);
      });
    },
  };
}
export type PlantListService = ReturnType<typeof plantListService>;

// Other modules that take a list of lines (a quote request) validate it by the same rule and limits.
export { linesField, MAX_QUANTITY } from './schema.ts';
