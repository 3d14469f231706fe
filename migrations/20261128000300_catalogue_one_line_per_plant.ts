import type { Knex } from 'knex';

/**
 * One active catalogue line per plant, form and height (issue 18, item 8). Two lines alike made
 * the site's own download fail to re-import, and buyers could not tell them apart.
 *
 * The key is the import's (import-preview.ts `keyOf`): genus, species, form and height in any
 * capitals, with runs of spaces read as one. Only active lines count (a retired line may share
 * its description with the one that replaced it). Form and height are NOT NULL, so no NULL
 * slips past the index.
 *
 * Existing duplicates are retired, never deleted: the oldest line of each description stays, the
 * later ones leave the catalogue but keep their rows, so every plant list and quote request line
 * that names them still reads them (as "no longer available"); staff can edit and reinstate one.
 * Each retired line is named in the migration's output, and the catalogue revision is bumped so
 * the downloads are rendered again without them.
 */
const ACTIVE_LINE_KEY_SQL = [
  "lower(regexp_replace(btrim(genus), '\\s+', ' ', 'g'))",
  "lower(regexp_replace(btrim(species), '\\s+', ' ', 'g'))",
  'lower(form)',
  'lower(height)',
].join(', ');

export async function up(knex: Knex): Promise<void> {
  const { rows } = await knex.raw<{ rows: { id: number; code: string; kept: number }[] }>(`
    WITH ranked AS (
      SELECT id, first_value(id) OVER line AS kept, row_number() OVER line AS n
        FROM catalogue_items
       WHERE retired_at IS NULL
      WINDOW line AS (PARTITION BY ${ACTIVE_LINE_KEY_SQL} ORDER BY id)
    )
    UPDATE catalogue_items c SET retired_at = now(), updated_at = now()
      FROM ranked r
     WHERE c.id = r.id AND r.n > 1
    RETURNING c.id, c.code, r.kept`);
  if (rows.length) {
    await knex('catalogue_state')
      .where({ id: 1 })
      .update({ revision: knex.raw('revision + 1'), changed_at: knex.fn.now() });
    // The one report an operator gets: which lines left the catalogue, and which line they repeated.
    console.warn(
      `Retired ${rows.length} duplicate catalogue line(s) (same genus, species, form and height as an older line): ${rows
        .map((r) => `${r.code} (id ${r.id}, repeats id ${r.kept})`)
        .join(', ')}. They stay in plant lists and quotes; reinstate one after changing it if it was meant to differ.`,
    );
  }
  // Not a partial index (WHERE retired_at IS NULL): the planner took such an index for the search's
  // own "active lines" filter on a freshly loaded table and left the trigram indexes. Instead each
  // retired line is its own key (its id), and every active line shares the key 0.
  await knex.raw(
    `CREATE UNIQUE INDEX catalogue_items_one_active_line ON catalogue_items (${ACTIVE_LINE_KEY_SQL}, (CASE WHEN retired_at IS NULL THEN 0 ELSE id END))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS catalogue_items_one_active_line');
}
