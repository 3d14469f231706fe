import type { Knex } from 'knex';

/**
 * The transactional outbox. A service writes its domain event here in the same transaction as the
 * change, so an event exists exactly when its change does; the relay (src/outbox/relay.ts) turns
 * unpublished rows into jobs and stamps `published_at`. `attempts` and `last_error` record failed
 * publishes (Redis down) for the dashboard and the logs.
 *
 * `job_receipts` lets a processor whose effect cannot be checked afterwards (an account mail) do it
 * once per event even when the relay or the queue delivers the job twice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('events', (t) => {
    t.bigIncrements('id');
    t.text('name').notNullable();
    t.jsonb('payload').notNullable().defaultTo('{}');
    t.text('request_id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('published_at', { useTz: true });
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
  });
  // The relay's only question: the oldest unpublished events. Stays tiny however long the log grows.
  await knex.raw('CREATE INDEX events_unpublished ON events (id) WHERE published_at IS NULL');
  await knex.raw('CREATE INDEX events_published_at ON events (published_at) WHERE published_at IS NOT NULL');

  await knex.schema.createTable('job_receipts', (t) => {
    t.text('key').primary();
    t.timestamp('done_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('job_receipts');
  await knex.schema.dropTableIfExists('events');
}
