import type { Knex } from 'knex';

/**
 * widgets.renditions: the responsive files of an IMAGE widget's picture (AVIF/WebP/JPEG at a few
 * widths, written by the images worker), with the storage key of the original they were made
 * from, so a job for a replaced picture can never attach its files to the new one. NULL until
 * the job has run; the original is served meanwhile.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('widgets', (t) => {
    t.jsonb('renditions'); // {source, thumb, widths: [{width, height, avif, webp, jpeg}]} storage keys
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('widgets', (t) => {
    t.dropColumn('renditions');
  });
}
