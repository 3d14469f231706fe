import type { Knex } from 'knex';

/**
 * The catalogue page shows its downloads (issue date and size of the newest PDF and workbook),
 * but a generated file was not content (migration 20261124000002): a page rendered after a
 * catalogue edit and before its files were regenerated kept showing the old date and size until
 * the next edit. A new or removed file now moves the content revision like any other change a
 * public page shows (and lets the server render keep the downloads per revision, as it does widgets).
 */
const EVENTS = [
  ['INSERT', 'NEW'],
  ['UPDATE', 'NEW'],
  ['DELETE', 'OLD'],
] as const;

export async function up(knex: Knex): Promise<void> {
  for (const [event, transition] of EVENTS) {
    await knex.raw(`
      CREATE TRIGGER catalogue_files_${event.toLowerCase()}_bumps_content_revision
      AFTER ${event} ON catalogue_files REFERENCING ${transition} TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_content_revision()`);
  }
  await knex.raw(`
    CREATE TRIGGER catalogue_files_truncate_bumps_content_revision
    AFTER TRUNCATE ON catalogue_files FOR EACH STATEMENT EXECUTE FUNCTION bump_content_revision()`);
}

export async function down(knex: Knex): Promise<void> {
  for (const event of ['insert', 'update', 'delete', 'truncate']) {
    await knex.raw(`DROP TRIGGER IF EXISTS catalogue_files_${event}_bumps_content_revision ON catalogue_files`);
  }
}
