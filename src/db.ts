import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import knexFactory, { type Knex } from 'knex';
import { Model } from 'objection';
import type { Config } from './config.ts';
import { lockDatabaseDir } from './db-lock.ts';
import { pgLiteClient } from './pglite-client.ts';

export type Db = Knex;
export type Trx = Knex.Transaction;

/** Where migrations live; shared by the app, the CLI and the test database setup. */
export const migrationsDir = path.resolve(import.meta.dirname, '..', 'migrations');

/** A migration file: TypeScript in the sources, JavaScript in the compiled build (`dist/`). */
const MIGRATION_FILE = /^\d+_.+\.(ts|js)$/;

/**
 * Loads the migrations with an `import()` that lives in this file, so whatever loads our code (tsx
 * in the app, Vitest's runner in tests, plain node on the compiled build) also loads the
 * migrations. Knex's own loader runs inside node_modules, where no TypeScript loader applies.
 * A compiled migration keeps its `.ts` name in knex_migrations, so a database migrated from the
 * sources and one migrated by the build agree on what has run.
 */
const migrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    return readdirSync(migrationsDir)
      .filter((file) => MIGRATION_FILE.test(file) && !file.endsWith('.d.ts'))
      .sort();
  },
  getMigrationName: (file) => file.replace(/\.js$/, '.ts'),
  getMigration: (file) => import(pathToFileURL(path.join(migrationsDir, file)).href) as Promise<Knex.Migration>,
};

export const migrationConfig: Knex.MigratorConfig = { migrationSource, tableName: 'knex_migrations' };

/**
 * Opens the database: PostgreSQL when DATABASE_URL is set, else PGlite (embedded PostgreSQL) in
 * VAR_DIR/db, locked for this process until `destroy()` (throws DatabaseInUseError when another
 * process has it open). PGlite has exactly one connection, so code inside a transaction must always pass the
 * transaction on, or the next query waits forever.
 */
export function createDb(config: Pick<Config, 'databaseUrl' | 'varDir'>): Db {
  const common: Knex.Config = { migrations: migrationConfig };
  if (config.databaseUrl) {
    return knexFactory({ ...common, client: 'pg', connection: config.databaseUrl, pool: { min: 0, max: 10 } });
  }
  const dir = path.join(config.varDir, 'db');
  mkdirSync(path.dirname(dir), { recursive: true });
  // One process per PGlite folder: refuse before opening it if another process has it open.
  const release = lockDatabaseDir(dir, config.varDir);
  const db = knexFactory({ ...common, client: pgLiteClient, dialect: 'postgres', connection: { filename: dir } } as Knex.Config);
  // The lock lives exactly as long as the database is open: release it once PGlite is closed
  // (knex.destroy() ends in client.destroy(); knex's own property is read-only).
  const client = db.client as { destroy(callback?: unknown): Promise<void> };
  const destroy = client.destroy.bind(client);
  client.destroy = async (callback) => {
    try {
      await destroy(callback);
    } finally {
      release();
    }
  };
  return db;
}

/** Binds Objection models to this knex instance (one database per process). */
export function bindModels(db: Db): void {
  Model.knex(db);
}

/** Advisory lock key ("migr") held while one process migrates. */
const MIGRATE_LOCK = 0x6d69_6772;

/**
 * Applies pending migrations; returns the names it ran. On PostgreSQL, processes starting at once
 * (two web replicas) take turns under a session advisory lock: the second waits, then finds nothing
 * to run. Without it knex's own lock makes the loser throw "Migration table is already locked" and
 * the process exits. PGlite is only ever opened by one process, so it needs no lock.
 */
export async function migrate(db: Db): Promise<string[]> {
  const latest = async () => ((await db.migrate.latest()) as [number, string[]])[1];
  if (db.client.config.client !== 'pg') return latest();
  // A session lock lives on one connection: hold a dedicated one from the pool for the duration.
  const connection: unknown = await db.client.acquireConnection();
  try {
    await db.raw('select pg_advisory_lock(?)', [MIGRATE_LOCK]).connection(connection);
    try {
      return await latest();
    } finally {
      // Should the connection have broken, its session (and the lock with it) is already gone.
      await db
        .raw('select pg_advisory_unlock(?)', [MIGRATE_LOCK])
        .connection(connection)
        .catch(() => undefined);
    }
  } finally {
    await db.client.releaseConnection(connection);
  }
}

/** True when the error is PostgreSQL's unique_violation, as knex throws it or as Objection wraps it (`nativeError`). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, nativeError } = error as { code?: string; nativeError?: { code?: string } };
  return code === '23505' || nativeError?.code === '23505';
}
