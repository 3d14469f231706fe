import type { Knex } from 'knex';

/**
 * Priced quotations and the orders they become (issue 19).
 *
 * A quotation answers one quote request. Revising it makes a new version (v2 replaces v1, which
 * stays readable as `superseded`). Its lines and totals are fixed when it is sent: what the buyer
 * accepts is what was sent, whatever the catalogue says later. Lines snapshot the catalogue line,
 * like plant-list and request lines, and may name a substitute offered for a requested line.
 *
 * An order is an accepted quotation (at most one order per quotation), its lines copied from the
 * quotation's. Its status history is kept row by row (who and when). Stock is reserved by lowering
 * `catalogue_items.stock_quantity` in the accepting transaction by a conditional update; the CHECK
 * `stock_quantity >= 0` (migration 20261126000002) is the last guard. `reserved` on an order line
 * says whether that line took stock (a line whose catalogue row tracks no quantity takes none), so
 * a cancellation gives back exactly what was taken.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('quotations', (t) => {
    t.increments('id');
    t.integer('quote_request_id').notNullable().references('quote_requests.id').onDelete('CASCADE');
    t.integer('version').notNullable();
    // The request's reference and the version, like `Q-2026-000123/2`.
    t.string('reference', 40).notNullable().unique();
    t.string('status', 16).notNullable().defaultTo('draft');
    t.integer('delivery_pence').notNullable().defaultTo(0);
    // Basis points: 2000 = 20 % (the UK standard rate), kept per quotation so a rate change later
    // does not rewrite what was sent.
    t.integer('vat_rate_bp').notNullable().defaultTo(2000);
    t.date('valid_until');
    t.text('note').notNullable().defaultTo('');
    t.integer('subtotal_pence');
    t.integer('vat_pence');
    t.integer('total_pence');
    t.text('pdf_key');
    t.bigInteger('pdf_bytes');
    t.integer('created_by').references('users.id').onDelete('SET NULL');
    t.integer('sent_by').references('users.id').onDelete('SET NULL');
    t.timestamp('sent_at', { useTz: true });
    t.timestamp('answered_at', { useTz: true });
    t.text('decline_reason');
    t.timestamps(true, true);
    t.unique(['quote_request_id', 'version']);
    t.index(['status', 'valid_until']);
  });
  await knex.raw(`ALTER TABLE quotations
    ADD CONSTRAINT quotations_status CHECK (status IN ('draft','sent','accepted','declined','expired','superseded')),
    ADD CONSTRAINT quotations_delivery CHECK (delivery_pence BETWEEN 0 AND 100000000),
    ADD CONSTRAINT quotations_vat_rate CHECK (vat_rate_bp BETWEEN 0 AND 10000)`);
  // One draft at a time per request: "open the draft" finds it rather than making another.
  await knex.raw("CREATE UNIQUE INDEX quotations_one_draft ON quotations (quote_request_id) WHERE status = 'draft'");

  await knex.schema.createTable('quotation_lines', (t) => {
    t.increments('id');
    t.integer('quotation_id').notNullable().references('quotations.id').onDelete('CASCADE');
    t.integer('position').notNullable();
    // The requested line this prices (null for a line staff added); a substitute names the line it replaces.
    t.integer('quote_request_line_id').references('quote_request_lines.id').onDelete('SET NULL');
    t.boolean('is_substitute').notNullable().defaultTo(false);
    t.integer('catalogue_item_id').references('catalogue_items.id').onDelete('SET NULL');
    t.string('code', 40).notNullable().defaultTo('');
    t.string('genus', 100).notNullable();
    t.string('species', 200).notNullable();
    t.string('common_name', 200).notNullable().defaultTo('');
    t.string('form', 16).notNullable();
    t.string('height', 16).notNullable();
    t.integer('quantity').notNullable();
    t.integer('unit_price_pence').notNullable();
    t.text('note').notNullable().defaultTo('');
    t.index(['quotation_id', 'position']);
  });
  await knex.raw(`ALTER TABLE quotation_lines
    ADD CONSTRAINT quotation_lines_quantity CHECK (quantity BETWEEN 1 AND 1000000),
    ADD CONSTRAINT quotation_lines_price CHECK (unit_price_pence BETWEEN 0 AND 10000000)`);

  // SO-YYYY-NNNNNN, from a sequence like quote references.
  await knex.raw('CREATE SEQUENCE order_number');
  await knex.schema.createTable('orders', (t) => {
    t.increments('id');
    t.string('reference', 32).notNullable().unique();
    t.integer('quotation_id').notNullable().unique().references('quotations.id');
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.string('name', 255).notNullable();
    t.string('company', 255).notNullable().defaultTo('');
    t.string('email', 255).notNullable();
    t.string('po_number', 64).notNullable();
    t.text('delivery_address').notNullable();
    t.string('delivery_postcode', 16).notNullable();
    t.date('wanted_by');
    t.string('status', 16).notNullable().defaultTo('confirmed');
    t.integer('subtotal_pence').notNullable();
    t.integer('delivery_pence').notNullable();
    t.integer('vat_pence').notNullable();
    t.integer('total_pence').notNullable();
    t.timestamps(true, true);
    t.index(['user_id', 'created_at']);
    t.index(['status', 'created_at']);
  });
  await knex.raw(
    "ALTER TABLE orders ADD CONSTRAINT orders_status CHECK (status IN ('confirmed','picking','dispatched','delivered','cancelled'))",
  );

  await knex.schema.createTable('order_lines', (t) => {
    t.increments('id');
    t.integer('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.integer('catalogue_item_id').references('catalogue_items.id').onDelete('SET NULL');
    t.string('code', 40).notNullable().defaultTo('');
    t.string('genus', 100).notNullable();
    t.string('species', 200).notNullable();
    t.string('common_name', 200).notNullable().defaultTo('');
    t.string('form', 16).notNullable();
    t.string('height', 16).notNullable();
    t.integer('quantity').notNullable();
    t.integer('unit_price_pence').notNullable();
    t.boolean('reserved').notNullable().defaultTo(false);
    t.index(['order_id', 'position']);
  });

  await knex.schema.createTable('order_status_changes', (t) => {
    t.increments('id');
    t.integer('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.string('status', 16).notNullable();
    // Null when the buyer (acceptance) or the system made the change.
    t.integer('changed_by').references('users.id').onDelete('SET NULL');
    t.text('note').notNullable().defaultTo('');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['order_id', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('order_status_changes');
  await knex.schema.dropTableIfExists('order_lines');
  await knex.schema.dropTableIfExists('orders');
  await knex.raw('DROP SEQUENCE IF EXISTS order_number');
  await knex.schema.dropTableIfExists('quotation_lines');
  await knex.schema.dropTableIfExists('quotations');
}
