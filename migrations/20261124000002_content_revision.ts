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
  // A statement that touched no row (an UPDATE or DELETE of an id that does not exist, i.e. a
  // refused request) changes nothing a page shows: it must not invalidate every cached page.
  await knex.raw(`
    CREATE FUNCTION bump_content_revision() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- Two branches: a TRUNCATE trigger has no transition table to look at.
      IF TG_OP = 'TRUNCATE' THEN
        UPDATE content_state SET revision = revision + 1, changed_at = now() WHERE id = 1;
      ELSIF EXISTS (SELECT 1 FROM changed_rows) THEN
        UPDATE content_state SET revision = revision + 1, changed_at = now() WHERE id = 1;
      END IF;
      RETURN NULL;
    END
    $$`);
  for (const table of CONTENT_TABLES) {
    // One trigger per event: a trigger with a transition table may name only one.
    for (const [event, transition] of [
      ['INSERT', 'NEW'],
      ['UPDATE', 'NEW'],
      ['DELETE', 'OLD'],
    ] as const) {
      await knex.raw(`
        CREATE TRIGGER ${table}_${event.toLowerCase()}_bumps_content_revision
        AFTER ${event} ON ${table} REFERENCING ${transition} TABLE AS changed_rows
        FOR EACH STATEMENT EXECUTE FUNCTION bump_content_revision()`);
    }
    await knex.raw(`
      CREATE TRIGGER ${table}_truncate_bumps_content_revision
      AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION bump_content_revision()`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of CONTENT_TABLES) {
    for (const event of ['insert', 'update', 'delete', 'truncate']) {
      await knex.raw(`DROP TRIGGER IF EXISTS ${table}_${event}_bumps_content_revision ON ${table}`);
    }
  }
  await knex.raw('DROP FUNCTION IF EXISTS bump_content_revision()');
  await knex.schema.dropTableIfExists('content_state');
}
