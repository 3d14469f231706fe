import type { Knex } from 'knex';

/**
 * A draft quotation's line may have no price yet: a requested line with none in the catalogue
 * (price on request) or no longer grown waits for staff to price or remove it. Sending refuses a
 * quotation with such a line (src/modules/quotations/service.ts), so every sent line, and every
 * order line copied from one, has a price; the CHECK on the range still holds for a set price.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE quotation_lines ALTER COLUMN unit_price_pence DROP NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex('quotation_lines').whereNull('unit_price_pence').delete();
  await knex.raw('ALTER TABLE quotation_lines ALTER COLUMN unit_price_pence SET NOT NULL');
}
