import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, startTestServer, type TestContext } from '../../../test/harness.ts';
import type { TestClient } from '../../../test/http-client.ts';
import type { CatalogueItemInput } from './schema.ts';

/**
 * Search beyond substrings (issue 8): curated common names, the pg_trgm "did you mean" fallback
 * for typos, and `did_you_mean` in the response. Carpinus and Quercus lines here have no common
 * name of their own, as imported lines often have none.
 */
const ITEMS = [
  { genus: 'Acer', species: 'campestre', common_name: 'Field maple', form: 'Bare root', height: '40-60' },
  { genus: 'Acer', species: 'campestre', common_name: 'Field maple', form: '3L', height: '60-90' },
  { genus: 'Acer', species: 'pseudoplatanus', common_name: 'Sycamore', form: 'Bare root', height: '60-90' },
  { genus: 'Betula', species: 'pendula', common_name: 'Silver birch', form: 'Bare root', height: '90-120' },
  { genus: 'Carpinus', species: 'betulus', common_name: '', form: 'Bare root', height: '60-90' },
  { genus: 'Carpinus', species: "betulus 'Fastigiata'", common_name: '', form: '10L', height: '175-200' },
  { genus: 'Fagus', species: 'sylvatica', common_name: 'Beech', form: 'Bare root', height: '60-90' },
  { genus: 'Ostrya', species: 'carpinifolia', common_name: 'Hop hornbeam', form: '7L', height: '150-175' },
  { genus: 'Quercus', species: 'robur', common_name: '', form: '7.5L', height: '120-150' },
  { genus: 'Prunus', species: 'spinosa', common_name: 'Blackthorn', form: 'Bare root', height: '40-60' },
];

let ctx: TestContext;
let server: Awaited<ReturnType<typeof startTestServer>>;
let client: TestClient;

beforeAll(async () => {
  ctx = await createTestContext({ redis: false });
  await ctx.deps.db('catalogue_items').insert(ITEMS);
  server = await startTestServer(ctx);
  client = server.client();
});
afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

interface Body {
  results: { genus: string; species: string; common_name: string }[];
  total: number;
  did_you_mean: string[];
  facets: { genus: string[] };
}
const search = async (query: string): Promise<Body> => {
  const response = await client.get(`/api/catalogue${query}`);
  expect(response.status).toBe(200);
  return response.body as Body;
};
const genera = (body: Body) => [...new Set(body.results.map((r) => r.genus))];

describe('GET /api/catalogue search', () => {
  it('an exact match answers with an empty did_you_mean', async () => {
    const body = await search('?q=acer');
    expect(body.total).toBe(3);
    expect(body.did_you_mean).toEqual([]);
    expect(Object.keys(body).sort()).toEqual(['did_you_mean', 'facets', 'results', 'total']);
    expect((await search('')).did_you_mean).toEqual([]);
  });

  it('finds every line of a genus by its curated common name, even lines without one of their own', async () => {
    const hornbeam = await search('?q=hornbeam');
    // Carpinus by the curated "Hornbeam", Ostrya by its line's own "Hop hornbeam".
    expect(genera(hornbeam)).toEqual(['Carpinus', 'Ostrya']);
    expect(hornbeam.total).toBe(3);
    expect(hornbeam.did_you_mean).toEqual([]);
    expect(genera(await search('?q=OAK'))).toEqual(['Quercus']);
    // Sycamore is a maple too: the whole genus answers "maple", not only lines named so.
    expect((await search('?q=maple')).total).toBe(3);
    // Every word must still match: "hornbeam" names Carpinus, "fastigiata" one of its lines.
    expect((await search('?q=hornbeam%20fastigiata')).results.map((r) => r.species)).toEqual(["betulus 'Fastigiata'"]);
  });

  it('with match=exact, a search that matches nothing stays empty (the admin list)', async () => {
    const body = await search('?q=Acre&match=exact');
    expect(body.total).toBe(0);
    expect(body.results).toEqual([]);
    expect(body.did_you_mean).toEqual([]);
    expect((await client.get('/api/catalogue?match=fuzzy')).status).toBe(422);
  });

  it('a typo of a genus falls back to that genus and names it in did_you_mean', async () => {
    const body = await search('?q=Acre');
    expect(body.did_you_mean).toEqual(['Acer']);
    expect(genera(body)).toEqual(['Acer']);
    expect(body.total).toBe(3);
    expect(genera(await search('?q=Betla'))).toEqual(['Betula']);
  });

  it('a typo of a common name falls back to the genera that go by it', async () => {
    const body = await search('?q=hornbem');
    expect(body.did_you_mean).toEqual(['Carpinus', 'Ostrya']);
    expect(genera(body)).toEqual(['Carpinus', 'Ostrya']);
    expect((await search('?q=blackthron')).did_you_mean).toEqual(['Prunus']);
  });

  it('the fallback keeps the other filters and pages with a total', async () => {
    const filtered = await search('?q=Acre&form=Bare%20root');
    expect(filtered.total).toBe(2);
    expect(filtered.did_you_mean).toEqual(['Acer']);
    const second = await search('?q=Acre&limit=2&page=1');
    expect(second.results).toHaveLength(1);
    expect(second.total).toBe(3);
    const beyond = await search('?q=Acre&limit=2&page=5');
    expect(beyond.results).toEqual([]);
    expect(beyond.total).toBe(3);
  });

  it('when even the fallback finds no line, did_you_mean lists the nearest genera', async () => {
    // Acer is nearest "Acre", but it has no 10L line.
    const body = await search('?q=Acre&form=10L');
    expect(body.results).toEqual([]);
    expect(body.total).toBe(0);
    expect(body.did_you_mean[0]).toBe('Acer');
    expect(body.did_you_mean.length).toBeLessThanOrEqual(3);
  });

  it('nothing near at all: no results and no suggestion', async () => {
    const body = await search('?q=xyzzyq');
    expect(body).toMatchObject({ results: [], total: 0, did_you_mean: [] });
  });

  it('LIKE wildcards stay literal and never reach the fallback as matches', async () => {
    for (const q of ['%25', '_', '%25%25%25', 'a%25r']) {
      const body = await search(`?q=${q}`);
      expect(body.results).toEqual([]);
      expect(body.total).toBe(0);
    }
  });

  it('the fallback sees a genus added since its names were read', async () => {
    // The service keeps the fallback's names per catalogue revision; this search reads them.
    expect((await search('?q=Tilai')).did_you_mean).not.toContain('Tilia');
    const lime = await ctx.services.catalogue.create({ genus: 'Tilia', species: 'cordata', form: 'Bare root', height: '60-90' });
    const body = await search('?q=Tilai');
    expect(body.did_you_mean).toEqual(['Tilia']);
    expect(genera(body)).toEqual(['Tilia']);
    await ctx.services.catalogue.retire(lime.id);
  });

  it('counts matches on a page past the end', async () => {
    const maple = await search('?q=maple&limit=2&page=7');
    expect(maple.results).toEqual([]);
    expect(maple.total).toBe(3);
    expect(maple.did_you_mean).toEqual([]);
  });
});

describe('GET /api/catalogue/genera', () => {
  it('lists every genus with its slug, line count and newest update, by name', async () => {
    const { status, body } = await client.get('/api/catalogue/genera');
    expect(status).toBe(200);
    expect(body.data.map((g: { name: string }) => g.name)).toEqual(['Acer', 'Betula', 'Carpinus', 'Fagus', 'Ostrya', 'Prunus', 'Quercus']);
    const acer = body.data[0];
    expect(acer).toEqual({
      name: 'Acer',
      slug: 'acer',
      lines: 3,
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
  });

  it('a genus page has its lines in catalogue order, its common names and its newest update', async () => {
    await ctx.deps
      .db('catalogue_items')
      .where({ genus: 'Acer', species: 'pseudoplatanus' })
      .update({ updated_at: new Date('2030-01-02T03:04:05Z') });
    const { status, body } = await client.get('/api/catalogue/genera/acer');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ name: 'Acer', slug: 'acer', updated_at: '2030-01-02T03:04:05.000Z' });
    // The genus's curated names, then its species' (campestre, pseudoplatanus), then the lines' own.
    expect(body.data.common_names).toEqual(['Maple', 'Field maple', 'Sycamore']);
    expect(body.data.lines.map((l: { species: string; form: string }) => `${l.species} ${l.form}`)).toEqual([
      'campestre Bare root',
      'campestre 3L',
      'pseudoplatanus Bare root',
    ]);
    expect(Object.keys(body.data.lines[0]).sort()).toEqual(['code', 'common_name', 'form', 'genus', 'height', 'id', 'species']);
    expect((await client.get('/api/catalogue/genera/carpinus')).body.data.common_names).toEqual([
      'Hornbeam',
      'Common hornbeam',
      'European hornbeam',
    ]);
  });

  it('sees a new genus at once, and two spellings with one slug are one page', async () => {
    const a = await ctx.services.catalogue.create({ genus: '× Cuprocyparis', species: 'leylandii', form: '3L', height: '60-90' });
    const b = await ctx.services.catalogue.create({
      genus: 'Cuprocyparis',
      species: "leylandii 'Castlewellan'",
      form: '3L',
      height: '60-90',
    });
    const { body } = await client.get('/api/catalogue/genera');
    expect(body.data.filter((g: { slug: string }) => g.slug === 'cuprocyparis')).toEqual([expect.objectContaining({ lines: 2 })]);
    expect((await client.get('/api/catalogue/genera/cuprocyparis')).body.data.lines).toHaveLength(2);
    await ctx.services.catalogue.retire(a.id);
    await ctx.services.catalogue.retire(b.id);
    expect((await client.get('/api/catalogue/genera/cuprocyparis')).status).toBe(404);
  });

  it.each(['unknown', 'ACER', 'acer%20', 'a_c', `${'a'.repeat(101)}`, '%00'])('GET /api/catalogue/genera/%s is a 404', async (slug) => {
    const response = await client.get(`/api/catalogue/genera/${slug}`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Not found.' });
  });
});

describe('after an import', () => {
  it('the table has fresh statistics, so search plans need no autovacuum', async () => {
    const reltuples = async () =>
      Number((await ctx.deps.db.raw(`SELECT reltuples FROM pg_class WHERE relname = 'catalogue_items'`)).rows[0].reltuples);
    // Twice as many lines as ITEMS, each plant in each form and height once.
    const rows = ITEMS.concat(ITEMS.map((item) => ({ ...item, species: `${item.species} 2` }))) as CatalogueItemInput[];
    await ctx.services.catalogue.replaceAll(rows);
    // Inserts alone never set reltuples; ANALYZE counts what it sampled (here, every line, retired ones too).
    const n = Number(((await ctx.deps.db('catalogue_items').count({ n: '*' })) as { n: string }[])[0]!.n);
    expect(n).toBeGreaterThanOrEqual(rows.length);
    expect(await reltuples()).toBe(n);
  });
});
