import knexFactory from 'knex';
import { migrationConfig } from '../src/db.ts';
import { databaseUrl, onServer, templateName } from './database.ts';

/** A template no run has used for this long belongs to an old migration set and may go. */
const TEMPLATE_STALE_MS = 6 * 60 * 60 * 1000;

/**
 * Migrates a template database once per run; each test file then clones it (CREATE DATABASE …
 * TEMPLATE), which takes milliseconds and keeps files isolated from each other. Several runs may
 * share one server (checkouts with different migrations side by side), so each run marks its
 * template as used and clears away only what no run can still need.
 */
export default async function setup(): Promise<void> {
  const name = templateName();
  const exists = await onServer(async (db) => (await db.raw('SELECT 1 FROM pg_database WHERE datname = ?', [name])).rowCount > 0);
  if (exists) {
    await markUsed(name);
    return;
  }
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
  await onServer((server) => server.raw(`ALTER DATABASE "${building}" RENAME TO "${name}"`));
  await markUsed(name);
  await dropStaleDatabases(name);
}

/** Records when a run last used the template, in the database's comment. */
async function markUsed(name: string): Promise<void> {
  await onServer((db) => db.raw(`COMMENT ON DATABASE "${name}" IS '${Date.now()}'`));
}

/**
 * Test databases left by killed runs (nobody connected) and templates no run has used for hours.
 * A template without connections may still be cloned by a run in progress, hence the age rule.
 */
async function dropStaleDatabases(current: string): Promise<void> {
  await onServer(async (server) => {
    const rows = await server.raw(
      `SELECT datname, shobj_description(oid, 'pg_database') AS used FROM pg_database d
        WHERE datname LIKE 'nursery_t%' AND datname <> ?
          AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.datname = d.datname)`,
      [current],
    );
    for (const row of rows.rows as { datname: string; used: string | null }[]) {
      const template = row.datname.startsWith('nursery_tpl_');
      if (template && (row.datname.includes('_build_') || Date.now() - Number(row.used ?? 0) < TEMPLATE_STALE_MS)) continue;
      await server.raw(`DROP DATABASE IF EXISTS "${row.datname}"`).catch(() => undefined); // in use since: leave it
    }
  });
}
