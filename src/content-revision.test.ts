import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { insertWidget } from '../test/factories.ts';
import { insertCatalogueItems } from '../seeds/factories.ts';
import { contentRevision } from './content-revision.ts';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext({ redis: false });
});
afterAll(async () => {
  await context?.close();
});

describe('the content revision', () => {
  it('moves with every change to what public pages show, in the same transaction', async () => {
    const { db } = context.deps;
    const revision = contentRevision(db);
    const start = await revision.current();
    const widget = await insertWidget(db);
    const afterInsert = await revision.current();
    expect(afterInsert).toBeGreaterThan(start);
    await db('widgets').where({ id: widget.id }).update({ html: '<p>Changed</p>' });
    const afterUpdate = await revision.current();
    expect(afterUpdate).toBeGreaterThan(afterInsert);
    await insertCatalogueItems(db, 3);
    await db('catalogue_items').delete();
    const afterCatalogue = await revision.current();
    expect(afterCatalogue).toBeGreaterThan(afterUpdate);
    // A generated catalogue file: the catalogue page shows its date and size.
    const file = {
      format: 'pdf',
      storage_key: 'catalogue/x',
      bytes: 1,
      rows: 0,
      revision: 1,
      sha256: 'x'.repeat(64),
      generated_at: new Date(),
    };
    await db('catalogue_files').insert(file);
    const afterFile = await revision.current();
    expect(afterFile).toBeGreaterThan(afterCatalogue);
    await db('catalogue_files').delete();
    expect(await revision.current()).toBeGreaterThan(afterFile);
    const beforeRollback = await revision.current();
    await db
      .transaction(async (trx) => {
        await trx('widgets').where({ id: widget.id }).update({ html: '<p>Never committed</p>' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await revision.current()).toBe(beforeRollback);
  });

  it('stays put for a statement that touches no row (a refused edit of an id that does not exist)', async () => {
    const { db } = context.deps;
    const revision = contentRevision(db);
    const before = await revision.current();
    await db('widgets').where({ id: 987654 }).update({ html: '<p>Nobody</p>' });
    await db('gallery_images').where({ id: 987654 }).delete();
    await db('catalogue_items').where({ id: 987654 }).delete();
    expect(await revision.current()).toBe(before);
  });

  it('answers calls that arrive during a read from a read that starts after them', async () => {
    const { db } = context.deps;
    const revision = contentRevision(db);
    const first = revision.current();
    // Committed while the first read may already be running: a call made now must see it.
    await insertWidget(db);
    const second = await revision.current();
    expect(second).toBeGreaterThanOrEqual(await first);
    expect(second).toBe(Number((await db('content_state').where({ id: 1 }).first('revision')).revision));
  });
});
