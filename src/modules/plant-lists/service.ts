import type { CatalogueLine } from '../../../shared/api/catalogue.ts';
import type { NamedPlantList, PlantList, PlantListLine, PlantListSnapshot, PlantListSummaries } from '../../../shared/api/plant-lists.ts';
import type { Db, Trx } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { notFound, validationError } from '../../errors.ts';
import { PUBLIC_VIEWER, type Viewer } from '../../viewer.ts';
import { catalogueLinesByIds } from '../catalogue/service.ts';
import { findUserById } from '../users/service.ts';
import { PlantListLineRow, type PlantListRow } from './model.ts';
import { defaultListId, ensureDefaultList, insertList, assertNameFree, listSummaries, ownList, touchList } from './named-lists.ts';
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

/** A list's lines as `viewer` may see them; the default list's when `listId` is not given (none yet: empty). */
async function readList(db: Db | Trx, userId: number, viewer: Viewer, listId?: number): Promise<PlantList> {
  const id = listId ?? (await defaultListId(db, userId));
  const rows = id ? await PlantListLineRow.query(db).where({ user_id: userId, plant_list_id: id }).orderBy('id') : [];
  const lines = await presentAll(db, rows, viewer);
  return { lines, count: lines.length };
}

async function readNamed(db: Db | Trx, list: PlantListRow, viewer: Viewer): Promise<NamedPlantList> {
  const fresh = await ownList(db, list.user_id, list.id);
  return {
    id: fresh.id,
    name: fresh.name,
    updated_at: new Date(fresh.updated_at).toISOString(),
    ...(await readList(db, list.user_id, viewer, list.id)),
  };
}

/**
 * A new named list inside `trx` holding `lines`, for a copy that names its own list (an order
 * copied to reorder, named after its reference). It becomes the buyer's default list. A name the
 * buyer already uses gets " (2)", " (3)"…, so copying the same order again makes another list
 * rather than a refusal. Returns the list's id and the name it got.
 */
export async function createNamedList(
  trx: Trx,
  userId: number,
  name: string,
  lines: readonly LineInput[],
): Promise<{ id: number; name: string }> {
  await findUserById(trx, userId, { lock: true });
  const taken = new Set((await trx('plant_lists').where({ user_id: userId }).pluck('name')).map((used: string) => used.toLowerCase()));
  let free = name;
  for (let n = 2; taken.has(free.toLowerCase()); n++) free = `${name} (${n})`;
  const list = await insertList(trx, userId, free);
  await addToPlantList(trx, userId, lines, undefined, { listId: list.id });
  return { id: list.id, name: list.name };
}

/**
 * Adds lines to one of a buyer's lists inside `trx` (`options.listId`, else the default list, made
 * when the buyer has none): a catalogue row already on the list gets the quantity
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
  options: { retired?: 'refuse' | 'keep'; listId?: number } = {},
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

  const listId = options.listId ?? (await ensureDefaultList(trx, userId));
  const stored: { catalogue_item_id: number | null }[] = await trx('plant_list_lines')
    .where({ plant_list_id: listId })
    .select('catalogue_item_id');
  const onList = new Set(stored.map((row) => row.catalogue_item_id));
  if (stored.length + ids.filter((id) => !onList.has(id)).length > MAX_LINES) throw validationError({ lines: [TOO_MANY_LINES] });

  const rows = await PlantListLineRow.query(trx)
    .insert(
      ids.map((id) => ({
        user_id: userId,
        plant_list_id: listId,
        catalogue_item_id: id,
        quantity: quantities.get(id)!,
        snapshot: snapshotOf(catalogue.get(id)!),
      })),
    )
    .onConflict(['plant_list_id', 'catalogue_item_id'])
    .merge({
      quantity: trx.raw('least(plant_list_lines.quantity + excluded.quantity, ?)', [MAX_QUANTITY]) as unknown as number,
      snapshot: trx.raw('excluded.snapshot') as unknown as PlantListSnapshot,
      updated_at: trx.fn.now() as unknown as Date,
    })
    .returning('*');
  await touchList(trx, listId);
  return rows as unknown as PlantListLineRow[];
}

/** A stored line of a buyer's list: what a quote request takes from it. */
export interface TakenLine {
  catalogue_item_id: number | null;
  quantity: number;
  snapshot: PlantListSnapshot;
}

/**
 * Empties one of a buyer's lists inside `trx` (the quote request that sends it commits with it) and
 * returns its lines in order: `listId` (another buyer's is a 404), else the default list.
 */
export async function takePlantList(trx: Trx, userId: number, listId?: number): Promise<TakenLine[]> {
  await findUserById(trx, userId, { lock: true });
  const id = listId ? (await ownList(trx, userId, listId)).id : await defaultListId(trx, userId);
  if (!id) return [];
  const rows: (TakenLine & { id: number })[] = await trx('plant_list_lines')
    .where({ user_id: userId, plant_list_id: id })
    .delete()
    .returning(['id', 'catalogue_item_id', 'quantity', 'snapshot']);
  await touchList(trx, id);
  // DELETE … RETURNING has no order: the list's order is the order lines were added.
  return rows.sort((a, b) => a.id - b.id).map(({ catalogue_item_id, quantity, snapshot }) => ({ catalogue_item_id, quantity, snapshot }));
}

/** The quantity of each catalogue row on the buyer's default list (what a copy adds to). */
export async function defaultListQuantities(trx: Trx, userId: number): Promise<Map<number, number>> {
  const id = await defaultListId(trx, userId);
  const stored: { catalogue_item_id: number | null; quantity: number }[] = id
    ? await trx('plant_list_lines').where({ plant_list_id: id }).select('catalogue_item_id', 'quantity')
    : [];
  return new Map(stored.flatMap((row) => (row.catalogue_item_id ? [[row.catalogue_item_id, row.quantity] as const] : [])));
}

/** Reads a buyer's default list (for a module that has just changed it in `trx`). */
export const readPlantList = (db: Db | Trx, userId: number, viewer: Viewer) => readList(db, userId, viewer);

/**
 * A signed-in buyer's plant lists (quote baskets, one per project). Every call names the buyer: a
 * list or line of another buyer is "not found", never "forbidden", so ids reveal nothing. Calls
 * without a list id act on the default list (named-lists.ts: the one used most recently).
 */
export function plantListService(deps: Pick<Deps, 'db'>) {
  const mine = async (db: Db | Trx, userId: number, id: number, listId?: number) => {
    const row = await PlantListLineRow.query(db).findOne({ id, user_id: userId, ...(listId ? { plant_list_id: listId } : {}) });
    if (!row) throw notFound();
    return row;
  };
  /** Runs `work` under the buyer's lock, on `listId` when given (404 if not theirs). */
  const onList = <T>(userId: number, listId: number | undefined, work: (trx: Trx) => Promise<T>) =>
    deps.db.transaction(async (trx) => {
      await findUserById(trx, userId, { lock: true });
      if (listId) await ownList(trx, userId, listId);
      return work(trx);
    });
  return {
    list: (userId: number, viewer: Viewer): Promise<PlantList> => readList(deps.db, userId, viewer),

    /** Adds one line (to `listId`, else the default list), or adds to the quantity of the line already there. */
    async add(userId: number, line: LineInput, viewer: Viewer, listId?: number): Promise<PlantListLine> {
      return onList(userId, listId, async (trx) => {
        const [row] = await addToPlantList(trx, userId, [line], () => 'catalogue_item_id', { listId });
        return (await presentAll(trx, [row!], viewer))[0]!;
      });
    },

    async setQuantity(userId: number, id: number, quantity: number, viewer: Viewer, listId?: number): Promise<PlantListLine> {
      return onList(userId, listId, async (trx) => {
        const row = await mine(trx, userId, id, listId);
        const updated = await row.$query(trx).patchAndFetch({ quantity, updated_at: new Date() });
        await touchList(trx, row.plant_list_id);
        return (await presentAll(trx, [updated], viewer))[0]!;
      });
    },

    async remove(userId: number, id: number, listId?: number): Promise<void> {
      await onList(userId, listId, async (trx) => {
        const row = await mine(trx, userId, id, listId);
        await row.$query(trx).delete();
        await touchList(trx, row.plant_list_id);
      });
    },

    /** Empties `listId`, else the default list (the list itself stays). */
    async clear(userId: number, listId?: number): Promise<void> {
      await onList(userId, listId, async (trx) => {
        const id = listId ?? (await defaultListId(trx, userId));
        if (!id) return;
        await PlantListLineRow.query(trx).delete().where({ user_id: userId, plant_list_id: id });
        await touchList(trx, id);
      });
    },

    /**
     * The guest's list on sign-in, into the default list: each line added (quantities summed), all
     * or nothing. A line retired since the guest added it is kept, to read "no longer available" as it did.
     */
    async merge(userId: number, lines: LineInput[], viewer: Viewer): Promise<PlantList> {
      return deps.db.transaction(async (trx) => {
        await addToPlantList(trx, userId, lines, undefined, { retired: 'keep' });
        return readList(trx, userId, viewer);
      });
    },

    summaries: (userId: number): Promise<PlantListSummaries> => listSummaries(deps.db, userId),

    /**
     * A guest's list as the browser presents the one it keeps (guestPlantList in
     * web/src/features/plant-list/api.ts), for the server render of /plant-list: the catalogue lines
     * the browser mirrored into a cookie (shared/guest-plant-list.ts), in order, with their
     * quantities, each line's id its catalogue id. The snapshot is the catalogue's line now: the
     * browser's own copy is read again after hydrating. A quantity out of bounds or an unknown id is
     * left out, as the browser leaves out a line it cannot read.
     */
    async guestList(lines: readonly LineInput[]): Promise<PlantList> {
      const wanted = lines.filter((line) => line.quantity <= MAX_QUANTITY).slice(0, MAX_LINES);
      const current = await catalogueLinesByIds(
        deps.db,
        wanted.map((line) => line.catalogue_item_id),
        PUBLIC_VIEWER,
      );
      const shown = wanted.flatMap(({ catalogue_item_id: id, quantity }) => {
        const row = current.get(id);
        return row
          ? [{ id, catalogue_item_id: id, quantity, snapshot: snapshotOf(row), current: null, available: true, changed: false }]
          : [];
      });
      return { lines: shown, count: shown.length };
    },

    one: async (userId: number, listId: number, viewer: Viewer): Promise<NamedPlantList> =>
      readNamed(deps.db, await ownList(deps.db, userId, listId), viewer),

    /**
     * A new named list, with its first lines when given (a matched schedule: lines for one catalogue
     * row summed). It becomes the default list. All or nothing: a refused line stores no list.
     */
    async create(userId: number, input: { name: string; lines: LineInput[] }, viewer: Viewer): Promise<NamedPlantList> {
      return deps.db.transaction(async (trx) => {
        await findUserById(trx, userId, { lock: true });
        const list = await insertList(trx, userId, input.name);
        await addToPlantList(trx, userId, input.lines, undefined, { listId: list.id });
        return readNamed(trx, list, viewer);
      });
    },

    async rename(userId: number, listId: number, name: string, viewer: Viewer): Promise<NamedPlantList> {
      return onList(userId, listId, async (trx) => {
        await assertNameFree(trx, userId, name, listId);
        await trx('plant_lists').where({ id: listId }).update({ name, updated_at: trx.fn.now() });
        return readNamed(trx, await ownList(trx, userId, listId), viewer);
      });
    },

    /** Makes a list the default (chosen on the page), changing nothing else. */
    async use(userId: number, listId: number): Promise<void> {
      await onList(userId, listId, (trx) => touchList(trx, listId));
    },

    /** Deletes a list and its lines; the next most recently used list becomes the default. */
    async destroy(userId: number, listId: number): Promise<void> {
      await onList(userId, listId, async (trx) => {
        await trx('plant_lists').where({ id: listId, user_id: userId }).delete();
      });
    },
  };
}
export type PlantListService = ReturnType<typeof plantListService>;

// Other modules that take a list of lines (a quote request) validate it by the same rule and limits.
export { linesField, MAX_LINES, MAX_QUANTITY } from './schema.ts';
