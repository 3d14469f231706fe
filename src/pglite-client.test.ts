import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../test/admin.ts';
import { insertContactMessage } from '../test/factories.ts';
import { insertCatalogueItems } from '../seeds/factories.ts';
import { createTestContext, startTestServer, type TestContext } from '../test/harness.ts';
import type { TestClient } from '../test/http-client.ts';
import { currentRevision } from './modules/catalogue/store.ts';
import { pgLiteClient } from './pglite-client.ts';

/**
 * Embedded mode must answer like production: knex-pglite reported a DELETE that matched nothing
 * as a truthy result object, so "delete, 404 if nothing went" answered 204 on PGlite.
 */
describe('the PGlite knex client', () => {
  let db: Knex;
  beforeAll(async () => {
    db = knexFactory({ client: pgLiteClient, dialect: 'postgres', connection: {} } as Knex.Config);
    await db.raw('create table t (id serial primary key, n int not null default 0)');
    await db.raw('insert into t (n) values (0), (0)');
  });
  afterAll(() => db?.destroy());

  it('returns the affected row count of DELETE and increment, as the pg client does', async () => {
    expect(await db('t').where('id', 999).delete()).toBe(0);
    expect(await db('t').where('id', 999).increment('n', 1)).toBe(0);
    expect(await db('t').where('id', 1).increment('n', 1)).toBe(1);
    expect(await db.transaction((trx) => trx('t').where('id', 1).delete())).toBe(1);
    expect(await db('t').count<{ n: string }[]>({ n: '*' })).toEqual([{ n: 1 }]);
  });

  it('runs with the small shared buffers the demo needs (PostgreSQL would take 128 MB)', async () => {
    const { rows } = await db.raw<{ rows: { shared_buffers: string }[] }>('show shared_buffers');
    expect(rows).toEqual([{ shared_buffers: '16MB' }]);
  });
});

/**
 * Creating a new database (initdb in WebAssembly) takes seconds on an idle machine and can take
 * minutes on a starved one: longer than knex's pool allows for acquiring a connection.
 */
describe('opening a new embedded database on a slow machine', () => {
  const dirs: string[] = [];
  const newFolder = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'nursery-pglite-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  /** The knex acquire timeout here is far shorter than any open, as a busy machine makes it. */
  const openWithTinyAcquireTimeout = (filename: string) =>
    knexFactory({ client: pgLiteClient, dialect: 'postgres', connection: { filename }, acquireConnectionTimeout: 20 } as Knex.Config);
  /** Blocks the event loop as a process pinning the cores (or PGlite's own work) does. */
  const holdEventLoopBusy = (ms: number) => {
    const until = performance.now() + ms;
    while (performance.now() < until);
  };

  it('waits for PGlite to open, however long, before knex times the connection', async () => {
    const db = openWithTinyAcquireTimeout(path.join(newFolder(), 'db'));
    try {
      const answer = db.raw<{ rows: { ok: number }[] }>('select 1 as ok').then((r) => r.rows);
      await new Promise(setImmediate); // the query has asked for its connection
      holdEventLoopBusy(100); // five times the acquire timeout
      expect(await answer).toEqual([{ ok: 1 }]);
    } finally {
      await db.destroy();
    }
  }, 120_000);

  it('reports a database that cannot be opened as such, naming the folder, not as a pool timeout', async () => {
    const notAFolder = path.join(newFolder(), 'db');
    writeFileSync(notAFolder, 'not a database');
    const db = openWithTinyAcquireTimeout(notAFolder);
    try {
      const failure = await db.raw('select 1').then(
        () => undefined,
        (error: unknown) => error as Error,
      );
      expect(failure?.message).toMatch(/^Could not open the embedded database in .+: \S/);
      expect(failure?.message).toContain(notAFolder);
    } finally {
      await db.destroy();
    }
  }, 120_000);
});

describe('embedded mode (PGlite): deleting an unknown id', () => {
  let context: TestContext;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let admin: TestClient;
  beforeAll(async () => {
    context = await createTestContext({ embedded: true, redis: false });
    server = await startTestServer(context);
    admin = await signedIn(server, context.deps, { role: 'admin' });
  });
  afterAll(async () => {
    await server?.close();
    await context?.close();
  });

  it('DELETE /api/catalogue/999999 → 404 and the catalogue revision stays; a real line → 204', async () => {
    const before = await currentRevision(context.deps.db);
    const missing = await admin.delete('/api/catalogue/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Not found.' });
    expect(await currentRevision(context.deps.db)).toBe(before);

    const [id] = await insertCatalogueItems(context.deps.db, 1);
    expect((await admin.delete(`/api/catalogue/${id}`)).status).toBe(204);
    expect(await currentRevision(context.deps.db)).toBe(before + 1);
  });

  it('DELETE /api/enquiries/999999 → 404; a real enquiry → 204', async () => {
    const missing = await admin.delete('/api/enquiries/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Not found.' });

    const message = await insertContactMessage(context.deps.db);
    expect((await admin.delete(`/api/enquiries/${message.id}`)).status).toBe(204);
    expect(await context.deps.db('contact_messages').where({ id: message.id }).first()).toBeUndefined();
  });
});
