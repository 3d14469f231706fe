import type { Knex } from 'knex';

/**
 * Catalogue search (issue 8): pg_trgm, and trigram GIN indexes so a visitor's `ILIKE '%word%'` on
 * genus, species and common name is an index lookup instead of a scan of every line, plus the
 * trigram similarity the "did you mean" fallback ranks genera by.
 *
 * pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it without
 * superuser. PGlite loads it only when the client passes it (src/pglite-client.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  // fastupdate = off: by default GIN parks new entries in a pending list that only VACUUM (or a
  // 4 MB overflow) merges, and every search scans that list in full — after an import with
  // autovacuum off, the planner rightly prices the index above a table scan. Catalogue writes are
  // rare and batched, so paying for the index update at insert time is the better trade.
  for (const column of ['genus', 'species', 'common_name']) {
    await knex.raw(
      `CREATE INDEX catalogue_items_${column}_trgm ON catalogue_items USING gin (${column} gin_trgm_ops) WITH (fastupdate = off)`,
    );
  }
  // Autovacuum is off on some machines: without statistics the planner guesses, so give it real
  // ones for whatever the table holds now (imports re-analyze after replacing the catalogue).
  await knex.raw('ANALYZE catalogue_items');
}

export async function down(knex: Knex): Promise<void> {
  for (const column of ['genus', 'species', 'common_name']) await knex.raw(`DROP INDEX IF EXISTS catalogue_items_${column}_trgm`);
  await knex.raw('DROP EXTENSION IF EXISTS pg_trgm');
}
