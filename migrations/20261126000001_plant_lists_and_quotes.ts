import type { Knex } from 'knex';

/**
 * Plant lists (a signed-in buyer's quote basket) and quote requests (issue 10).
 *
 * A list line and a request line keep a snapshot of the catalogue line (genus, species, common name,
 * form, height) as it was when added or requested: a catalogue row may later change or disappear
 * (`catalogue_item_id` is then set null), and the buyer must see that rather than lose the line.
 * Requests store the buyer's contact details themselves, so a guest's request and a deleted
 * account's request both stay readable in the admin inbox.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('plant_list_lines', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('catalogue_item_id').references('catalogue_items.id').onDelete('SET NULL');
    t.integer('quantity').notNullable();
    t.jsonb('snapshot').notNullable();
    t.timestamps(true, true);
    // One line per catalogue row per buyer: adding it again adds to its quantity.
    t.unique(['user_id', 'catalogue_item_id']);
    t.index(['user_id', 'id']);
  });
  await knex.raw('ALTER TABLE plant_list_lines ADD CONSTRAINT plant_list_lines_quantity CHECK (quantity BETWEEN 1 AND 100000)');

  // Q-YYYY-NNNNNN: the number comes from a sequence so two requests at once never share one.
  await knex.raw('CREATE SEQUENCE quote_request_number');
  await knex.schema.createTable('quote_requests', (t) => {
    t.increments('id');
    t.string('reference', 32).notNullable().unique();
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.string('name', 255).notNullable();
    t.string('company', 255).notNullable().defaultTo('');
    t.string('email', 255).notNullable();
    t.string('telephone', 50).notNullable().defaultTo('');
    t.string('delivery_postcode', 16).notNullable();
    t.date('wanted_by');
    t.text('notes').notNullable().defaultTo('');
    t.string('status', 16).notNullable().defaultTo('new');
    t.string('ip', 64);
    t.timestamp('handled_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['user_id', 'created_at']);
    t.index(['status', 'created_at']);
  });
  await knex.raw("ALTER TABLE quote_requests ADD CONSTRAINT quote_requests_status CHECK (status IN ('new', 'quoted', 'won', 'lost'))");

  await knex.schema.createTable('quote_request_lines', (t) => {
    t.increments('id');
    t.integer('quote_request_id').notNullable().references('quote_requests.id').onDelete('CASCADE');
    t.integer('catalogue_item_id').references('catalogue_items.id').onDelete('SET NULL');
    t.string('genus', 100).notNullable();
    t.string('species', 200).notNullable();
    t.string('common_name', 200).notNullable().defaultTo('');
    t.string('form', 16).notNullable();
    t.string('height', 16).notNullable();
    t.integer('quantity').notNullable();
    t.index(['quote_request_id', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('quote_request_lines');
  await knex.schema.dropTableIfExists('quote_requests');
  await knex.raw('DROP SEQUENCE IF EXISTS quote_request_number');
  await knex.schema.dropTableIfExists('plant_list_lines');
}
