import type { Knex } from 'knex';

/** Every entity of the spec and contract. Later migrations may add columns. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.string('firstname', 255).notNullable();
    t.string('lastname', 255).notNullable();
    t.string('email', 255).notNullable();
    t.string('role', 16).notNullable().defaultTo('user');
    t.string('password_hash').notNullable();
    t.timestamp('email_verified_at', { useTz: true });
    t.text('two_factor_secret'); // AES-256-GCM with the app key
    t.text('two_factor_recovery_codes'); // AES-256-GCM with the app key
    t.timestamp('two_factor_confirmed_at', { useTz: true });
    t.bigInteger('two_factor_last_step'); // last accepted TOTP time step (replay guard)
    t.string('remember_token_hash', 128);
    t.timestamps(true, true);
  });
  await knex.raw('CREATE UNIQUE INDEX users_email_lower_unique ON users (lower(email))');
  await knex.raw("ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('user', 'admin'))");

  await knex.schema.createTable('sessions', (t) => {
    t.string('id', 128).primary();
    t.jsonb('data').notNullable();
    t.integer('user_id').references('users.id').onDelete('CASCADE');
    t.timestamp('expires_at', { useTz: true }).notNullable().index();
    t.timestamps(true, true);
  });
  await knex.raw('CREATE INDEX sessions_user_id_index ON sessions (user_id)');

  await knex.schema.createTable('password_reset_tokens', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('token_hash', 128).notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('used_at', { useTz: true });
  });

  await knex.schema.createTable('widgets', (t) => {
    t.increments('id');
    t.string('name', 255).notNullable();
    t.string('type', 8).notNullable().defaultTo('TEXT');
    t.text('html');
    t.string('image_path', 512);
    t.integer('image_width');
    t.integer('image_height');
    t.string('alt', 512);
    t.timestamps(true, true);
  });
  await knex.raw('CREATE UNIQUE INDEX widgets_name_lower_unique ON widgets (lower(name))');
  await knex.raw("ALTER TABLE widgets ADD CONSTRAINT widgets_type_check CHECK (type IN ('TEXT', 'IMAGE'))");

  await knex.schema.createTable('galleries', (t) => {
    t.increments('id');
    t.string('name', 255).notNullable();
    t.timestamps(true, true);
  });

  await knex.schema.createTable('gallery_images', (t) => {
    t.increments('id');
    t.integer('gallery_id').notNullable().references('galleries.id').onDelete('CASCADE');
    t.string('status', 16).notNullable().defaultTo('processing');
    t.string('original_path', 512).notNullable();
    t.jsonb('renditions'); // {thumb, widths: [{width, avif, webp, jpeg}]} storage keys
    t.integer('width');
    t.integer('height');
    t.string('alt', 512).notNullable().defaultTo('');
    t.string('link', 2048).notNullable().defaultTo('');
    t.string('caption', 255).notNullable().defaultTo('');
    t.string('caption_sub', 512).notNullable().defaultTo('');
    t.integer('order').notNullable().defaultTo(0);
    t.integer('rotation').notNullable().defaultTo(0);
    t.text('error');
    t.timestamps(true, true);
    t.index(['gallery_id', 'order']);
  });
  await knex.raw(
    "ALTER TABLE gallery_images ADD CONSTRAINT gallery_images_status_check CHECK (status IN ('processing', 'ready', 'failed'))",
  );

  await knex.schema.createTable('catalogue_items', (t) => {
    t.increments('id');
    t.string('genus', 100).notNullable();
    t.string('species', 200).notNullable();
    t.string('common_name', 200).notNullable().defaultTo('');
    t.string('form', 16).notNullable();
    t.string('height', 16).notNullable();
    t.timestamps(true, true);
    t.index(['genus', 'species']);
  });

  // One row per catalogue revision; the service bumps it in the same transaction as an edit, and
  // the render job records which revision each file holds (so an edit during a render is not lost).
  await knex.schema.createTable('catalogue_state', (t) => {
    t.integer('id').primary();
    t.integer('revision').notNullable().defaultTo(0);
    t.timestamp('changed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex('catalogue_state').insert({ id: 1, revision: 1 });

  await knex.schema.createTable('catalogue_files', (t) => {
    t.increments('id');
    t.string('format', 8).notNullable(); // pdf | xlsx
    t.string('storage_key', 512).notNullable();
    t.bigInteger('bytes').notNullable();
    t.integer('rows').notNullable();
    t.integer('revision').notNullable();
    t.string('sha256', 64).notNullable();
    t.timestamp('generated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['format', 'generated_at']);
  });

  await knex.schema.createTable('contact_messages', (t) => {
    t.increments('id');
    t.string('name', 255).notNullable();
    t.string('telephone', 50).notNullable();
    t.string('email', 255).notNullable();
    t.text('message').notNullable();
    t.string('ip', 64);
    t.timestamp('emailed_at', { useTz: true });
    t.integer('email_attempts').notNullable().defaultTo(0);
    t.text('email_error');
    t.timestamp('handled_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'contact_messages',
    'catalogue_files',
    'catalogue_state',
    'catalogue_items',
    'gallery_images',
    'galleries',
    'widgets',
    'password_reset_tokens',
    'sessions',
    'users',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
