import type { Knex } from 'knex';

/**
 * Trade accounts staff can manage (issue 16, item 6): an approved account can be suspended,
 * reinstated and revoked, and each step (from the application on) is kept in a history.
 *
 * A suspended account is still the buyer's one open account, so the one-open-application index
 * covers it: the buyer cannot side-step a suspension by applying again. A revoked account is
 * closed, like a rejected application, and the buyer may apply again.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE trade_applications
    DROP CONSTRAINT trade_applications_status,
    ADD CONSTRAINT trade_applications_status CHECK (status IN ('pending','approved','rejected','suspended','revoked'))`);
  await knex.raw('DROP INDEX trade_applications_one_open');
  await knex.raw(
    `CREATE UNIQUE INDEX trade_applications_one_open ON trade_applications (user_id) WHERE status IN ('pending','approved','suspended')`,
  );

  await knex.schema.createTable('trade_account_history', (t) => {
    t.increments('id');
    t.integer('application_id').notNullable().references('trade_applications.id').onDelete('CASCADE');
    t.text('action').notNullable();
    t.text('reason');
    // The member of staff who acted; null for the buyer's own application (or a deleted admin).
    t.integer('by_admin').references('users.id').onDelete('SET NULL');
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['application_id', 'id']);
  });
  await knex.raw(`ALTER TABLE trade_account_history
    ADD CONSTRAINT trade_account_history_action CHECK (action IN ('applied','approved','rejected','suspended','reinstated','revoked'))`);

  // The history of what exists already: each application, then its decision.
  await knex.raw(`INSERT INTO trade_account_history (application_id, action, at)
    SELECT id, 'applied', created_at FROM trade_applications ORDER BY id`);
  await knex.raw(`INSERT INTO trade_account_history (application_id, action, reason, by_admin, at)
    SELECT id, status, reason, decided_by, decided_at FROM trade_applications
    WHERE status IN ('approved','rejected') AND decided_at IS NOT NULL ORDER BY id`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('trade_account_history');
  // Suspended accounts were approved ones; revoked ones end as rejected (both closed to prices).
  await knex('trade_applications').where({ status: 'suspended' }).update({ status: 'approved' });
  await knex('trade_applications').where({ status: 'revoked' }).update({ status: 'rejected' });
  await knex.raw('DROP INDEX trade_applications_one_open');
  await knex.raw(`CREATE UNIQUE INDEX trade_applications_one_open ON trade_applications (user_id) WHERE status IN ('pending','approved')`);
  await knex.raw(`ALTER TABLE trade_applications
    DROP CONSTRAINT trade_applications_status,
    ADD CONSTRAINT trade_applications_status CHECK (status IN ('pending','approved','rejected'))`);
}
