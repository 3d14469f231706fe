import type { Knex } from 'knex';

/**
 * Whether a quote request's confirmation mail goes to the address it gives (issue 18, item 6). The
 * guest form mails any address; confirmations per address are limited (an hour's worth, see
 * QUOTE_CONFIRMATIONS_PER_HOUR), decided when the request is stored and kept here, so the job that
 * sends it — however late, on whichever worker — follows the same decision. Earlier requests
 * keep the confirmation they were owed. The index serves the per-address count.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('quote_requests', (t) => {
    t.boolean('send_confirmation').notNullable().defaultTo(true);
  });
  await knex.raw('CREATE INDEX quote_requests_email_created ON quote_requests (lower(email), created_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS quote_requests_email_created');
  await knex.schema.alterTable('quote_requests', (t) => {
    t.dropColumn('send_confirmation');
  });
}
