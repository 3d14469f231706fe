import type { Knex } from 'knex';

/**
 * Delivery and processing state that must survive restarts:
 * - contact_messages.next_attempt_at: when the outbox sweep may try the enquiry again (capped
 *   exponential backoff per message; NULL = due now). Also the send lease that keeps two workers
 *   from mailing one enquiry at once.
 * - gallery_images: how often a rendition job started, the deadline after which a `processing`
 *   image counts as stuck (its worker was killed), and the folder a running job writes into, so the
 *   recovery can remove a killed job's partial files.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_messages', (t) => {
    t.timestamp('next_attempt_at', { useTz: true });
  });
  // The sweep's query: unsent enquiries by due time.
  await knex.raw('CREATE INDEX contact_messages_unsent_due ON contact_messages (next_attempt_at) WHERE emailed_at IS NULL');

  await knex.schema.alterTable('gallery_images', (t) => {
    t.integer('render_attempts').notNullable().defaultTo(0);
    t.timestamp('processing_deadline', { useTz: true });
    t.string('rendering_folder', 512);
  });
  await knex.raw("CREATE INDEX gallery_images_processing_deadline ON gallery_images (processing_deadline) WHERE status = 'processing'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS gallery_images_processing_deadline');
  await knex.schema.alterTable('gallery_images', (t) => {
    t.dropColumn('render_attempts');
    t.dropColumn('processing_deadline');
    t.dropColumn('rendering_folder');
  });
  await knex.raw('DROP INDEX IF EXISTS contact_messages_unsent_due');
  await knex.schema.alterTable('contact_messages', (t) => {
    t.dropColumn('next_attempt_at');
  });
}
