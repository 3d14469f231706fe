import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import knexFactory from 'knex';
import { migrationsDir } from '../src/db.ts';

/** Test PostgreSQL server; CI and the dev machines run one on localhost with trust auth. */
const TEST_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Name of the migrated template database; changes whenever a migration changes. */
export function templateName(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsDir).sort()) hash.update(file).update(readFileSync(path.join(migrationsDir, file)));
  return `nursery_tpl_${hash.digest('hex').slice(0, 12)}`;
}

export function databaseUrl(name: string): string {
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs a statement on the maintenance database (CREATE/DROP DATABASE cannot run in a transaction). */
export async function onServer<T>(fn: (db: knexFactory.Knex) => Promise<T>): Promise<T> {
  const db = knexFactory({ client: 'pg', connection: TEST_PG_URL, pool: { min: 0, max: 1 } });
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
}
