import type { Knex } from 'knex';

/**
 * Planting schedules (issue 19): a buyer's schedule read into lines and matched to catalogue lines
 * (src/modules/schedules/). The uploaded file is never stored: only each line's text (for the
 * buyer's reference), what was read from it and the match. A schedule belongs to a signed-in user
 * or to the guest session that sent it (`guest_key`: a SHA-256 of a random key kept in that
 * session, so a leaked row names no session); its id is random, never a sequence. Housekeeping
 * deletes schedules after a week (the lines go with them).
 */
export async function up(knex: Knex): Promise<void> {
  // The matcher finds candidate plants by trigram similarity of a schedule's name to "genus species"
  // (src/modules/schedules/matcher.ts): indexed, so a schedule never scans the catalogue per name.
  await knex.raw(
    `CREATE INDEX catalogue_items_botanical_trgm ON catalogue_items USING gin ((genus || ' ' || species) gin_trgm_ops) WHERE retired_at IS NULL`,
  );
  await knex.schema.createTable('schedules', (t) => {
    t.string('id', 32).primary();
    t.integer('user_id').references('users.id').onDelete('CASCADE');
    t.string('guest_key', 64);
    t.string('name', 200).notNullable();
    t.string('status', 16).notNullable();
    t.integer('line_count').notNullable();
    t.jsonb('counts')
      .notNullable()
      .defaultTo(JSON.stringify({ matched: 0, ambiguous: 0, substitutable: 0, not_stocked: 0 }));
    t.text('error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('matched_at', { useTz: true });
    t.index(['created_at']);
  });
  await knex.raw(`ALTER TABLE schedules ADD CONSTRAINT schedules_status CHECK (status IN ('matching', 'done', 'failed'))`);
  await knex.raw('ALTER TABLE schedules ADD CONSTRAINT schedules_owner CHECK ((user_id IS NULL) <> (guest_key IS NULL))');

  await knex.schema.createTable('schedule_lines', (t) => {
    t.string('schedule_id', 32).notNullable().references('schedules.id').onDelete('CASCADE');
    t.integer('row').notNullable();
    t.text('text').notNullable();
    // {name, form, height, askedHeight}: what the reader understood (notation.ts).
    t.jsonb('parsed').notNullable();
    t.integer('quantity');
    // Null until matched; then the status and {id, confidence} of catalogue lines.
    t.string('status', 16);
    t.jsonb('match');
    t.jsonb('candidates').notNullable().defaultTo('[]');
    t.text('substitution');
    t.primary(['schedule_id', 'row']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('schedule_lines');
  await knex.schema.dropTableIfExists('schedules');
  await knex.raw('DROP INDEX IF EXISTS catalogue_items_botanical_trgm');
}
