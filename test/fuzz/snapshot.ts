import type { Knex } from 'knex';

/**
 * How a table's row is fingerprinted; the whole row unless said otherwise. A session's expiry
 * slides with every request (CONTRACT: sliding lifetime), so only who it is and what it holds count.
 */
const ROW: Record<string, string> = {
  sessions: `(r.id, r.user_id, r.data - '_expire' - '_maxAge')::text`,
};

/** Every table of the app's schema (the migrations' own bookkeeping aside). */
export async function appTables(db: Knex): Promise<string[]> {
  const rows = await db('information_schema.tables')
    .where({ table_schema: 'public', table_type: 'BASE TABLE' })
    .andWhereNot('table_name', 'like', 'knex_migrations%')
    .orderBy('table_name')
    .select<{ table_name: string }[]>('table_name');
  return rows.map((r) => r.table_name);
}

/** An md5 of each table's rows in a stable order, in one round trip: equal digests, unchanged data. */
export async function tableDigests(db: Knex, tables: string[]): Promise<Record<string, string>> {
  const selects = tables.map((table) => {
    const row = ROW[table] ?? 'r::text';
    return `select '${table}' as name, md5(coalesce(string_agg(${row}, E'\\n' order by ${row}), '')) as digest from "${table}" r`;
  });
  const { rows } = (await db.raw(selects.join(' union all '))) as { rows: { name: string; digest: string }[] };
  return Object.fromEntries(rows.map((r) => [r.name, r.digest]));
}

/** The tables whose digest differs between two snapshots. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
