import type { Knex } from 'knex';

/**
 * Named plant lists (issue 19): a signed-in buyer may keep several lists, one per project, each
 * with a name unique to the buyer in any capitals. Every existing line moves into a list named
 * "My plant list" per buyer, nothing lost: the list takes the dates of its oldest and newest line.
 *
 * A line keeps its `user_id` (the owner check of every older route and query) and gains
 * `plant_list_id`; the composite foreign key makes a line's buyer always its list's buyer. One line
 * per catalogue row per LIST now, not per buyer. A line inserted without a list goes to the buyer's
 * default list — the one used most recently — created when the buyer has none (the trigger), so
 * code that knows only the buyer keeps working (docs/decisions/015-named-plant-lists.md).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('plant_lists', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('name', 100).notNullable();
    t.timestamps(true, true);
    t.unique(['id', 'user_id']);
    t.index(['user_id', 'updated_at']);
  });
  await knex.raw('CREATE UNIQUE INDEX plant_lists_user_name ON plant_lists (user_id, lower(name))');
  await knex.raw("ALTER TABLE plant_lists ADD CONSTRAINT plant_lists_name CHECK (btrim(name) <> '' AND name = btrim(name))");

  await knex.raw(`
    INSERT INTO plant_lists (user_id, name, created_at, updated_at)
    SELECT user_id, 'My plant list', min(created_at), max(updated_at) FROM plant_list_lines GROUP BY user_id
  `);
  await knex.schema.alterTable('plant_list_lines', (t) => {
    t.integer('plant_list_id');
  });
  await knex.raw('UPDATE plant_list_lines l SET plant_list_id = p.id FROM plant_lists p WHERE p.user_id = l.user_id');
  await knex.raw('ALTER TABLE plant_list_lines ALTER COLUMN plant_list_id SET NOT NULL');
  await knex.schema.alterTable('plant_list_lines', (t) => {
    t.foreign(['plant_list_id', 'user_id']).references(['id', 'user_id']).inTable('plant_lists').onDelete('CASCADE');
    t.dropUnique(['user_id', 'catalogue_item_id']);
    t.unique(['plant_list_id', 'catalogue_item_id']);
    t.index(['plant_list_id', 'id']);
  });

  // The default list: most recently used (updated_at, then the newest id), made when there is none.
  await knex.raw(`
    CREATE FUNCTION plant_list_lines_default_list() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.plant_list_id IS NULL THEN
        SELECT id INTO NEW.plant_list_id FROM plant_lists WHERE user_id = NEW.user_id
          ORDER BY updated_at DESC, id DESC LIMIT 1;
        IF NEW.plant_list_id IS NULL THEN
          INSERT INTO plant_lists (user_id, name) VALUES (NEW.user_id, 'My plant list') RETURNING id INTO NEW.plant_list_id;
        END IF;
      END IF;
      RETURN NEW;
    END
    $$
  `);
  await knex.raw(`
    CREATE TRIGGER plant_list_lines_default_list BEFORE INSERT ON plant_list_lines
    FOR EACH ROW EXECUTE FUNCTION plant_list_lines_default_list()
  `);
}

/** Back to one list per buyer: lines of one catalogue row in several lists become one, quantities summed. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS plant_list_lines_default_list ON plant_list_lines');
  await knex.raw('DROP FUNCTION IF EXISTS plant_list_lines_default_list()');
  await knex.raw(`
    UPDATE plant_list_lines l SET quantity = least(100000, s.total)
    FROM (SELECT min(id) AS id, sum(quantity) AS total FROM plant_list_lines
          WHERE catalogue_item_id IS NOT NULL GROUP BY user_id, catalogue_item_id HAVING count(*) > 1) s
    WHERE l.id = s.id
  `);
  await knex.raw(`
    DELETE FROM plant_list_lines l USING plant_list_lines k
    WHERE l.user_id = k.user_id AND l.catalogue_item_id = k.catalogue_item_id AND l.id > k.id
  `);
  await knex.schema.alterTable('plant_list_lines', (t) => {
    t.dropForeign(['plant_list_id', 'user_id']);
    t.dropUnique(['plant_list_id', 'catalogue_item_id']);
    t.dropIndex(['plant_list_id', 'id']);
    t.dropColumn('plant_list_id');
    t.unique(['user_id', 'catalogue_item_id']);
  });
  await knex.schema.dropTable('plant_lists');
}
