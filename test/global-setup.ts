import knexFactory from 'knex';
import { migrationConfig } from '../src/db.ts';
import { databaseUrl, onServer, templateName } from './database.ts';

/**
 * Migrates a template database once per run; each test file then clones it (CREATE DATABASE …
 * TEMPLATE), which takes milliseconds and keeps files isolated from each other.
 */
export default async function setup(): Promise<void> {
  const name = templateName();
  const exists = await onServer(async (db) => (await db.raw('SELECT 1 FROM pg_database WHERE datname = ?', [name])).rowCount > 0);
  if (exists) return;
  const building = `${name}_build_${process.pid}`;
  await onServer((db) => db.raw(`CREATE DATABASE "${building}"`));
  const db = knexFactory({
    client: 'pg',
    connection: databaseUrl(building),
    migrations: migrationConfig,
  });
  try {
    await db.migrate.latest();
  } finally {
    await db.destroy();
  }
  await onServer(async (server) => {
    // Stale templates of older migration sets and databases left by killed runs go first. Only
    // databases nobody is connected to: another run on this server (a second checkout with other
    // migrations) may be using its own template and test databases right now.
    const stale = await server.raw(
      `SELECT datname FROM pg_database d WHERE datname LIKE 'nursery_t%' AND datname <> ?
         AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.datname = d.datname)`,
      [building],
    );
    for (const row of stale.rows as { datname: string }[]) {
      await server.raw(`DROP DATABASE IF EXISTS "${row.datname}"`).catch(() => undefined); // in use since: leave it
    }
    await server.raw(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
  });
}
