import type { PlantListSummaries, PlantListSummary } from '../../../shared/api/plant-lists.ts';
import type { Db, Trx } from '../../db.ts';
import { notFound, validationError } from '../../errors.ts';
import { PlantListRow } from './model.ts';
import { MAX_LISTS, TOO_MANY_LISTS } from './schema.ts';

/** The name a buyer's first list gets when it is made for them (the migration's name too). */
const DEFAULT_LIST_NAME = 'My plant list';
const NAME_TAKEN = 'You already have a plant list with this name.';

/**
 * The buyer's default list — the one the unnamed routes (/api/plant-list…), the catalogue's "add to
 * list" and the guest merge act on: the list used most recently (created, renamed or its lines
 * changed), the newest on a tie. Undefined when the buyer has none.
 */
export async function defaultListId(db: Db | Trx, userId: number): Promise<number | undefined> {
  const row = await PlantListRow.query(db)
    .where({ user_id: userId })
    .orderBy([
      { column: 'updated_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first();
  return row?.id;
}

/** The default list's id inside `trx`, made ("My plant list") when the buyer has none. The caller holds the buyer's lock. */
export async function ensureDefaultList(trx: Trx, userId: number): Promise<number> {
  const found = await defaultListId(trx, userId);
  if (found) return found;
  return (await PlantListRow.query(trx).insert({ user_id: userId, name: DEFAULT_LIST_NAME })).id;
}

/** One of the buyer's lists; another buyer's (or none) is "not found", so ids reveal nothing. */
export async function ownList(db: Db | Trx, userId: number, listId: number): Promise<PlantListRow> {
  const row = await PlantListRow.query(db).findOne({ id: listId, user_id: userId });
  if (!row) throw notFound();
  return row;
}

/** Marks a list used now: it becomes the buyer's default. */
export async function touchList(trx: Db | Trx, listId: number): Promise<void> {
  await trx('plant_lists').where({ id: listId }).update({ updated_at: trx.fn.now() });
}

/** Refuses a name the buyer already uses for another list (any capitals) with a 422 on `name`. The caller holds the buyer's lock. */
export async function assertNameFree(trx: Trx, userId: number, name: string, exceptId?: number): Promise<void> {
  const query = trx('plant_lists').where({ user_id: userId }).whereRaw('lower(name) = lower(?)', [name]);
  if (exceptId) query.whereNot({ id: exceptId });
  if (await query.first('id')) throw validationError({ name: [NAME_TAKEN] });
}

/** A new named list inside `trx` (the caller holds the buyer's lock): at most MAX_LISTS, names unique. */
export async function insertList(trx: Trx, userId: number, name: string): Promise<PlantListRow> {
  const [counted] = await trx('plant_lists').where({ user_id: userId }).count<{ n: string }[]>({ n: '*' });
  if (Number(counted?.n ?? 0) >= MAX_LISTS) throw validationError({ name: [TOO_MANY_LISTS] });
  await assertNameFree(trx, userId, name);
  return PlantListRow.query(trx).insert({ user_id: userId, name });
}

/** The buyer's lists, oldest first (a stable order to switch between), with line counts and the default. */
export async function listSummaries(db: Db, userId: number): Promise<PlantListSummaries> {
  const rows: { id: number; name: string; updated_at: Date; line_count: string }[] = await db('plant_lists as p')
    .leftJoin('plant_list_lines as l', 'l.plant_list_id', 'p.id')
    .where('p.user_id', userId)
    .groupBy('p.id')
    .orderBy('p.id')
    .select('p.id', 'p.name', 'p.updated_at', db.raw('count(l.id) AS line_count'));
  const lists: PlantListSummary[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    line_count: Number(row.line_count),
    updated_at: new Date(row.updated_at).toISOString(),
  }));
  return { lists, default_id: (await defaultListId(db, userId)) ?? null };
}
