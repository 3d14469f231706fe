import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, startTestServer, type TestContext } from '../../../test/harness.ts';
import type { TestClient } from '../../../test/http-client.ts';
import { pgLiteClient } from '../../pglite-client.ts';

/**
 * Embedded mode (PGlite, `npm start` with no DATABASE_URL) runs the same migrations and search:
 * PGlite has pg_trgm only when the client loads it, so without that the migration would fail.
 */
describe('the PGlite knex client', () => {
  let db: Knex;
  beforeAll(() => {
    db = knexFactory({ client: pgLiteClient, dialect: 'postgres', connection: {} } as Knex.Config);
  });
  afterAll(() => db?.destroy());

  it('loads pg_trgm, so CREATE EXTENSION and the trigram functions work', async () => {
    await db.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    const { rows } = await db.raw(`SELECT similarity('Acre', 'Acer') AS s, strict_word_similarity('hornbem', 'Upright hornbeam') AS w`);
    expect(rows[0].s).toBeCloseTo(0.25, 5);
    expect(rows[0].w).toBeGreaterThan(0.5);
  });
});

describe('embedded mode (PGlite): catalogue search', () => {
  let context: TestContext;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let client: TestClient;
  beforeAll(async () => {
    context = await createTestContext({ embedded: true, redis: false });
    await context.deps.db('catalogue_items').insert([
      { genus: 'Acer', species: 'campestre', common_name: 'Field maple', form: 'Bare root', height: '40-60' },
      { genus: 'Carpinus', species: 'betulus', common_name: '', form: 'Bare root', height: '60-90' },
      { genus: 'Fagus', species: 'sylvatica', common_name: 'Beech', form: '3L', height: '40-60' },
      { genus: 'Prunus', species: "domestica 'Victoria'", common_name: 'Plum', form: 'Bare root', height: '120-150' },
      { genus: 'Prunus', species: "laurocerasus 'Etna'", common_name: '', form: '3L', height: '40-60' },
    ]);
    server = await startTestServer(context);
    client = server.client();
  });
  afterAll(async () => {
    await server?.close();
    await context?.close();
  });

  it('has the trigram indexes the migrations create (search, and the schedule matcher’s botanical name)', async () => {
    const { rows } = await context.deps.db.raw(
      `SELECT indexname FROM pg_indexes WHERE tablename = 'catalogue_items' AND indexname LIKE '%_trgm' ORDER BY 1`,
    );
    expect(rows.map((r: { indexname: string }) => r.indexname)).toEqual([
      'catalogue_items_botanical_trgm',
      'catalogue_items_common_name_trgm',
      'catalogue_items_genus_trgm',
      'catalogue_items_species_trgm',
    ]);
  });

  it('answers exact, common-name and typo searches as server PostgreSQL does', async () => {
    const exact = (await client.get('/api/catalogue?q=fagus')).body;
    expect(exact).toMatchObject({ total: 1, did_you_mean: [] });
    const named = (await client.get('/api/catalogue?q=hornbeam')).body;
    expect(named.results.map((r: { genus: string }) => r.genus)).toEqual(['Carpinus']);
    const typo = (await client.get('/api/catalogue?q=Acre')).body;
    expect(typo).toMatchObject({ total: 1, did_you_mean: ['Acer'] });
    const beyond = (await client.get('/api/catalogue?q=a&limit=1&page=9')).body;
    expect(beyond).toMatchObject({ results: [], total: 5 });
  });

  it('ranks by species-level common names as server PostgreSQL does', async () => {
    // "Cherry laurel" is the curated name of P. laurocerasus: the line has no name of its own.
    const laurel = (await client.get('/api/catalogue?q=laurel')).body;
    expect(laurel.results.map((r: { species: string }) => r.species)).toEqual(["laurocerasus 'Etna'"]);
    // The plum answers "cherry" only through the genus's name, so it comes after the laurel
    // although it is first in catalogue order.
    const cherry = (await client.get('/api/catalogue?q=cherry')).body;
    expect(cherry.results.map((r: { species: string }) => r.species)).toEqual(["laurocerasus 'Etna'", "domestica 'Victoria'"]);
  });

  it('serves the genus routes', async () => {
    expect((await client.get('/api/catalogue/genera')).body.data.map((g: { slug: string }) => g.slug)).toEqual([
      'acer',
      'carpinus',
      'fagus',
      'prunus',
    ]);
    expect((await client.get('/api/catalogue/genera/carpinus')).body.data).toMatchObject({
      name: 'Carpinus',
      common_names: ['Hornbeam', 'Common hornbeam', 'European hornbeam'],
    });
    expect((await client.get('/api/catalogue/genera/quercus')).status).toBe(404);
  });
});
