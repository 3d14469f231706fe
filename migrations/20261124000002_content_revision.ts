import type { Knex } from 'knex';

/** The tables whose rows public pages show: any change to them makes every rendered page stale. */
const CONTENT_TABLES = ['widgets', 'galleries', 'gallery_images', 'catalogue_items'];

/**
 * The content revision: one counter that changes whenever anything a public page shows changes.
 * The web processes key their rendered-page caches on it, so an edit made through one process is
 * seen by the next request to any other.
 *
 * Bumped by statement-level triggers rather than by the services: every write path (admin edits,
 * imports, the image worker marking a picture ready, a seed, a manual fix in psql) moves it in the
 * same transaction as the change, so no crash between commit and an event can leave a stale page
 * cached, and no future write path can forget it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('content_state', (t) => {
    t.smallint('id').primary();
    t.bigInteger('revision').notNullable().defaultTo(0);
    t.timestamp('changed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex('content_state').insert({ id: 1, revision: 0 });
  await knex.raw(`
    CREATE FUNCTION bump_content_revision() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE content_state SET revision = revision + 1, changed_at = now() WHERE id = 1;
      RETURN NULL;
    END
    $$`);
  for (const table of CONTENT_TABLES) {
    await knex.raw(`
      CREATE TRIGGER ${table}_bump_content_revision
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
      FOR EACH STATEMENT EXECUTE FUNCTION bump_content_revision()`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of CONTENT_TABLES) await knex.raw(`DROP TRIGGER IF EXISTS ${table}_bump_content_revision ON ${table}`);
  await knex.raw('DROP FUNCTION IF EXISTS bump_content_revision()');
  await knex.schema.dropTableIfExists('content_state');
}
