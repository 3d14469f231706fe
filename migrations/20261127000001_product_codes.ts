import type { Knex } from 'knex';

/**
 * Product codes and stable identity (issue 16).
 *
 * Every catalogue line gets a short, human-readable, unique code (`ACECAM-BR-6090`) and a
 * `retired_at`: a line is never deleted again (plant lists and quote requests point at it), only
 * retired, hidden from the catalogue but kept for history.
 *
 * Codes come from ONE generator, in the database: a BEFORE trigger fills a missing code on insert,
 * so the admin form, imports, seeds, fixtures and a manual INSERT in psql all get one the same
 * way. A code is never reused: `catalogue_codes` records every code a line ever had, the generator
 * skips them, and the trigger refuses a code another line has or had.
 */
export async function up(knex: Knex): Promise<void> {
  // Codes are ASCII capitals, digits and hyphens: collation "C" orders them byte by byte, so the
  // unique indexes also answer the generator's prefix range ("BASE" up to "BASE.") directly.
  await knex.schema.alterTable('catalogue_items', (t) => {
    t.string('code', 32).collate('C');
    t.timestamp('retired_at', { useTz: true });
  });

  await knex.schema.createTable('catalogue_codes', (t) => {
    t.string('code', 32).collate('C').primary();
    // Lines are never deleted by the application; a test or a manual clean-up that deletes one
    // takes its history with it rather than failing.
    t.integer('catalogue_item_id').notNullable().references('catalogue_items.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['catalogue_item_id']);
  });
  // Before the backfill, so it looks codes up by index rather than scanning for every line.
  await knex.raw('CREATE UNIQUE INDEX catalogue_items_code_unique ON catalogue_items (code)');

  // The readable part of a code: genus and species (3 letters each, a leading hybrid "x" skipped),
  // the form (Bare root → BR, 7.5L → 75L) and the height (60-90 → 6090, Rootstock → RS).
  await knex.raw(`
    CREATE FUNCTION catalogue_code_base(genus text, species text, form text, height text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE AS $$
    DECLARE
      g text := upper(regexp_replace(regexp_replace(coalesce(genus, ''), '^\\s*[xX×]\\s+', ''), '[^A-Za-z]', '', 'g'));
      s text := upper(regexp_replace(split_part(regexp_replace(coalesce(species, ''), '^\\s*[xX×]\\s+', ''), ' ', 1), '[^A-Za-z]', '', 'g'));
      f text := CASE WHEN lower(trim(form)) = 'bare root' THEN 'BR' ELSE upper(regexp_replace(coalesce(form, ''), '[^A-Za-z0-9]', '', 'g')) END;
      h text := CASE WHEN lower(trim(height)) = 'rootstock' THEN 'RS' ELSE upper(regexp_replace(coalesce(height, ''), '[^A-Za-z0-9]', '', 'g')) END;
    BEGIN
      RETURN coalesce(nullif(left(g, 3) || left(s, 3), ''), 'X') || '-' || coalesce(nullif(left(f, 8), ''), 'X') || '-' || coalesce(nullif(left(h, 8), ''), 'X');
    END
    $$`);

  // The first free code for a base: the base itself, else BASE-2, BASE-3… past the highest suffix
  // ever used (codes once held count, so a retired line's code is never handed to a new one).
  // catalogue_items too: the history of earlier rows of the same INSERT is written only once the
  // statement ends (an AFTER trigger), but the rows themselves are already visible here.
  // The base up to (not including) "BASE." is the base and every "BASE-…": one range of the
  // unique indexes. Custom plans: a plan cached while the tables were small would scan them.
  await knex.raw(`
    CREATE FUNCTION next_catalogue_code(base text) RETURNS text
    LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $$
    DECLARE
      taken boolean;
      highest int;
    BEGIN
      SELECT bool_or(code = base),
             max(CASE WHEN substring(code FROM length(base) + 2) ~ '^[0-9]{1,6}$' THEN substring(code FROM length(base) + 2)::int END)
        INTO taken, highest
        FROM (SELECT code FROM catalogue_codes WHERE code >= base AND code < (base || '.')
              UNION ALL
              SELECT code FROM catalogue_items WHERE code >= base AND code < (base || '.')) used;
      IF NOT coalesce(taken, false) THEN
        RETURN base;
      END IF;
      RETURN base || '-' || (coalesce(highest, 1) + 1);
    END
    $$`);

  // Fills a missing code and refuses one another line has or had. The advisory lock makes two
  // transactions that add lines at once take turns, so they cannot both pick the same free code.
  await knex.raw(`
    CREATE FUNCTION catalogue_items_code() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND NEW.code IS NOT DISTINCT FROM OLD.code THEN
        RETURN NEW;
      END IF;
      PERFORM pg_advisory_xact_lock(hashtext('catalogue_codes'));
      IF NEW.code IS NULL THEN
        NEW.code := next_catalogue_code(catalogue_code_base(NEW.genus, NEW.species, NEW.form, NEW.height));
      ELSIF EXISTS (SELECT 1 FROM catalogue_codes WHERE code = NEW.code AND catalogue_item_id <> NEW.id) THEN
        RAISE EXCEPTION 'The product code % is already used by another line.', NEW.code USING ERRCODE = 'unique_violation', CONSTRAINT = 'catalogue_codes_pkey';
      END IF;
      RETURN NEW;
    END
    $$`);
  await knex.raw(`
    CREATE FUNCTION catalogue_items_code_history() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO catalogue_codes (code, catalogue_item_id) VALUES (NEW.code, NEW.id) ON CONFLICT (code) DO NOTHING;
      RETURN NULL;
    END
    $$`);

  // Existing lines get their codes in id order (the oldest line keeps the plain base).
  await knex.raw(`
    DO $$
    DECLARE
      line record;
    BEGIN
      FOR line IN SELECT id, genus, species, form, height FROM catalogue_items ORDER BY id LOOP
        UPDATE catalogue_items SET code = next_catalogue_code(catalogue_code_base(line.genus, line.species, line.form, line.height)) WHERE id = line.id;
        INSERT INTO catalogue_codes (code, catalogue_item_id) SELECT code, id FROM catalogue_items WHERE id = line.id;
      END LOOP;
    END
    $$`);

  await knex.raw(`ALTER TABLE catalogue_items
    ALTER COLUMN code SET NOT NULL,
    ADD CONSTRAINT catalogue_items_code_unique UNIQUE USING INDEX catalogue_items_code_unique,
    ADD CONSTRAINT catalogue_items_code_format CHECK (code ~ '^[A-Z0-9]+(-[A-Z0-9]+)*$' AND length(code) <= 32)`);
  await knex.raw(
    `CREATE TRIGGER catalogue_items_code BEFORE INSERT OR UPDATE OF code ON catalogue_items FOR EACH ROW EXECUTE FUNCTION catalogue_items_code()`,
  );
  await knex.raw(
    `CREATE TRIGGER catalogue_items_code_history AFTER INSERT OR UPDATE OF code ON catalogue_items FOR EACH ROW EXECUTE FUNCTION catalogue_items_code_history()`,
  );

  // What plant lists and quote requests show of a line carries its code too; lines whose
  // catalogue row is still there get it now, the rest (their row deleted before this migration) none.
  await knex.raw(`
    UPDATE plant_list_lines p SET snapshot = p.snapshot || jsonb_build_object('code', coalesce(c.code, ''))
      FROM (SELECT pl.id, ci.code FROM plant_list_lines pl LEFT JOIN catalogue_items ci ON ci.id = pl.catalogue_item_id) c
     WHERE c.id = p.id`);
  await knex.schema.alterTable('quote_request_lines', (t) => {
    t.string('code', 32).notNullable().defaultTo('');
  });
  await knex.raw(`UPDATE quote_request_lines q SET code = ci.code FROM catalogue_items ci WHERE ci.id = q.catalogue_item_id`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('quote_request_lines', (t) => t.dropColumn('code'));
  await knex.raw(`UPDATE plant_list_lines SET snapshot = snapshot - 'code'`);
  await knex.raw('DROP TRIGGER IF EXISTS catalogue_items_code_history ON catalogue_items');
  await knex.raw('DROP TRIGGER IF EXISTS catalogue_items_code ON catalogue_items');
  await knex.schema.dropTableIfExists('catalogue_codes');
  await knex.raw('DROP FUNCTION IF EXISTS catalogue_items_code_history()');
  await knex.raw('DROP FUNCTION IF EXISTS catalogue_items_code()');
  await knex.raw('DROP FUNCTION IF EXISTS next_catalogue_code(text)');
  await knex.raw('DROP FUNCTION IF EXISTS catalogue_code_base(text, text, text, text)');
  await knex.schema.alterTable('catalogue_items', (t) => {
    t.dropColumn('retired_at');
    t.dropColumn('code');
  });
}
