import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, onServer } from '../test/database.ts';
import { createDb, migrate, migrationsDir, type Db } from './db.ts';

describe('migrate() on PostgreSQL', () => {
  const name = `nursery_t_migrate_${process.pid}_${randomBytes(4).toString('hex')}`;
  const opened: Db[] = [];
  /** A knex instance of its own, as each web process has. */
  const open = () => {
    const db = createDb({ databaseUrl: databaseUrl(name), varDir: '/nonexistent' });
    opened.push(db);
    return db;
  };

  beforeAll(async () => {
    // Empty, not cloned from the migrated template: every migration still has to run.
    await onServer((db) => db.raw(`CREATE DATABASE "${name}"`));
  });
  afterAll(async () => {
    for (const db of opened) await db.destroy();
    await onServer((db) => db.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  });

  it('lets two processes starting at once both succeed, running each migration once', async () => {
    const files = readdirSync(migrationsDir)
      .filter((file) => /^\d+_.+\.ts$/.test(file))
      .sort();
    const [a, b] = await Promise.all([migrate(open()), migrate(open())]);
    // One of them ran everything; the other waited for it and found nothing left to do.
    expect([a, b].map((ran) => ran.length).sort((x, y) => x - y)).toEqual([0, files.length]);
    expect([...a, ...b]).toEqual(files);
    const recorded = await open()('knex_migrations').orderBy('id').pluck('name');
    expect(recorded).toEqual(files);
    // The lock is released afterwards: a later start does not wait.
    expect(await migrate(open())).toEqual([]);
  });
});
