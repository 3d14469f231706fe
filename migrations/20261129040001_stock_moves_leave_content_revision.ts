import type { Knex } from 'knex';

/**
 * Orders take and give back stock (`catalogue_items.stock_quantity`) in the acceptance and
 * cancellation transactions. The content revision (migration 20261124000002) is one row every
 * catalogue UPDATE locked until commit: two acceptances sharing a catalogue row in different
 * line sets deadlocked on it (one holding a line and the revision, the other a second line and
 * waiting for the revision), and every acceptance queued behind every other.
 *
 * No cached public page shows a stock quantity (it is a trade column, shown only on personal
 * pages, which are never cached), so an UPDATE that changes nothing but `stock_quantity` (and
 * `updated_at`) leaves the revision alone. Every other change still bumps it, as before.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION bump_content_revision_unless_stock_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (
        SELECT 1 FROM changed_rows n LEFT JOIN old_rows o ON o.id = n.id
        WHERE o.id IS NULL
           OR (to_jsonb(n) - 'stock_quantity' - 'updated_at') IS DISTINCT FROM (to_jsonb(o) - 'stock_quantity' - 'updated_at')
      ) THEN
        UPDATE content_state SET revision = revision + 1, changed_at = now() WHERE id = 1;
      END IF;
      RETURN NULL;
    END
    $$`);
  await knex.raw('DROP TRIGGER catalogue_items_update_bumps_content_revision ON catalogue_items');
  await knex.raw(`
    CREATE TRIGGER catalogue_items_update_bumps_content_revision
    AFTER UPDATE ON catalogue_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION bump_content_revision_unless_stock_only()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER catalogue_items_update_bumps_content_revision ON catalogue_items');
  await knex.raw(`
    CREATE TRIGGER catalogue_items_update_bumps_content_revision
    AFTER UPDATE ON catalogue_items REFERENCING NEW TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION bump_content_revision()`);
  await knex.raw('DROP FUNCTION bump_content_revision_unless_stock_only()');
}
