import type { Knex } from 'knex';

/**
 * Trade accounts (issue 10): buyers' applications, decided by staff, and the catalogue's trade-only
 * fields (price, quantity breaks, availability). Those columns are never selected by the public
 * queries; the catalogue presenter adds them only for an approved trade buyer.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('trade_applications', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('company_name').notNullable();
    t.text('business_type').notNullable();
    t.text('company_number');
    t.text('vat_number');
    t.text('delivery_postcode').notNullable();
    t.text('invoice_email').notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.integer('decided_by').references('users.id').onDelete('SET NULL');
    t.timestamp('decided_at', { useTz: true });
    t.text('reason');
    t.timestamps(true, true);
  });
  await knex.raw(`ALTER TABLE trade_applications
    ADD CONSTRAINT trade_applications_business_type CHECK (business_type IN ('landscaper','council','garden_centre','retailer','other')),
    ADD CONSTRAINT trade_applications_status CHECK (status IN ('pending','approved','rejected')),
    ADD CONSTRAINT trade_applications_company_id CHECK (company_number IS NOT NULL OR vat_number IS NOT NULL)`);
  // One open application per user: a second while one is pending (or approved) is refused by the
  // database too, whatever races the service check loses.
  await knex.raw(`CREATE UNIQUE INDEX trade_applications_one_open ON trade_applications (user_id) WHERE status IN ('pending','approved')`);
  await knex.raw(`CREATE INDEX trade_applications_status_idx ON trade_applications (status, id)`);

  // A buyer's personal price list: asked for (requested_at), then rendered by a job into storage.
  await knex.schema.createTable('price_lists', (t) => {
    t.integer('user_id').primary().references('users.id').onDelete('CASCADE');
    t.timestamp('requested_at', { useTz: true }).notNullable();
    t.timestamp('generated_at', { useTz: true });
    t.text('pdf_key');
    t.bigInteger('pdf_bytes');
    t.text('xlsx_key');
    t.bigInteger('xlsx_bytes');
  });

  await knex.schema.alterTable('catalogue_items', (t) => {
    t.integer('price_pence');
    t.jsonb('price_breaks').notNullable().defaultTo('[]');
    t.text('stock_status');
    t.integer('stock_quantity');
    t.date('ready_from');
  });
  await knex.raw(`ALTER TABLE catalogue_items
    ADD CONSTRAINT catalogue_items_stock_status CHECK (stock_status IN ('in_stock','limited','ready_from','out_of_stock')),
    ADD CONSTRAINT catalogue_items_price CHECK (price_pence BETWEEN 0 AND 10000000),
    ADD CONSTRAINT catalogue_items_stock_quantity CHECK (stock_quantity >= 0)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('catalogue_items', (t) => {
    t.dropChecks(['catalogue_items_stock_status', 'catalogue_items_price', 'catalogue_items_stock_quantity']);
    t.dropColumns('price_pence', 'price_breaks', 'stock_status', 'stock_quantity', 'ready_from');
  });
  await knex.schema.dropTableIfExists('price_lists');
  await knex.schema.dropTableIfExists('trade_applications');
}
