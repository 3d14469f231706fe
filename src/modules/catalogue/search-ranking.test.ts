import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_ROWS } from '../../../seeds/data/catalogue.ts';
import { createTestContext, startTestServer, type TestContext } from '../../../test/harness.ts';
import type { TestClient } from '../../../test/http-client.ts';

/**
 * Search by what buyers call plants (issue 16, item 7), on the demo catalogue: lines of the
 * species a common name belongs to first, then lines the name reaches through their genus, then
 * botanical matches, each group in catalogue order. The extra lines have no common name of their
 * own (as imported lines often have none), so only the curated names (common-names.ts) can place
 * them; several sort before the right answers in catalogue order, so only the ranking puts them after.
 */
const EXTRA = [
  { genus: 'Prunus', species: "laurocerasus 'Etna'", common_name: '', form: '3L', height: '40-60' },
  { genus: 'Laurus', species: 'nobilis', common_name: '', form: '3L', height: '40-60' },
  { genus: 'Fagus', species: 'orientalis', common_name: '', form: 'Bare root', height: '60-90' },
  { genus: 'Nothofagus', species: 'antarctica', common_name: '', form: '10L', height: '150-175' },
  { genus: 'Tilia', species: 'henryana', common_name: '', form: '10L', height: '175-200' },
];

let ctx: TestContext;
let server: Awaited<ReturnType<typeof startTestServer>>;
let client: TestClient;

beforeAll(async () => {
  ctx = await createTestContext({ redis: false });
  const rows = CATALOGUE_ROWS.map(({ genus, species, common_name, form, height }) => ({ genus, species, common_name, form, height }));
  await ctx.deps.db('catalogue_items').insert([...rows, ...EXTRA]);
  server = await startTestServer(ctx);
  client = server.client();
});
afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

interface Line {
  id: number;
  genus: string;
  species: string;
}
interface Body {
  results: Line[];
  total: number;
  did_you_mean: string[];
}
const search = async (query: string): Promise<Body> => {
  const response = await client.get(`/api/catalogue?limit=100&${query}`);
  expect(response.status).toBe(200);
  return response.body as Body;
};
/** "Prunus laurocerasus", with the cultivar left off: the species a line is of. */
const species = (line: Line) => `${line.genus} ${line.species.replace(/^× /, '').split(' ')[0]}`;
/** Consecutive runs of one species: ["Fagus sylvatica", "Fagus orientalis"]. */
const runs = (body: Body) => body.results.map(species).filter((name, i, all) => name !== all[i - 1]);

describe('GET /api/catalogue ranks common-name matches', () => {
  it('"laurel": the two laurel species of Prunus first, then the bay laurel by its genus, no cherry or plum', async () => {
    const body = await search('q=laurel');
    expect(runs(body)).toEqual(['Prunus laurocerasus', 'Prunus lusitanica', 'Laurus nobilis']);
    // 'Etna' (no name of its own), 'Otto Luyken' ×2, 'Rotundifolia' ×4, lusitanica ×2, the bay.
    expect(body.total).toBe(10);
    expect(body.results[0]!.species).toBe("laurocerasus 'Etna'");
    expect(body.did_you_mean).toEqual([]);
  });

  it('"cherry laurel": Prunus laurocerasus first', async () => {
    const body = await search('q=cherry%20laurel');
    // lusitanica is a Prunus, "cherry" by its genus and "laurel" by its own name: after.
    expect(runs(body)).toEqual(['Prunus laurocerasus', 'Prunus lusitanica']);
    expect(body.results.filter((l) => species(l) === 'Prunus laurocerasus')).toHaveLength(7);
  });

  it('"beech": Fagus sylvatica and its cultivars, then the other beeches by their genus', async () => {
    const body = await search('q=beech');
    // Catalogue order alone would put Fagus orientalis first.
    expect(runs(body)).toEqual(['Fagus sylvatica', 'Fagus orientalis', 'Nothofagus antarctica']);
    expect(body.total).toBe(10);
  });

  it('"hornbeam": every Carpinus betulus line', async () => {
    const body = await search('q=hornbeam');
    expect(runs(body)).toEqual(['Carpinus betulus']);
    expect(body.total).toBe(8);
  });

  it('a genus-level name still finds every line of the genus, before botanical matches', async () => {
    // Tilia lines named "…lime" first, the unnamed Tilia by the genus's "Lime", then the
    // Hydrangea whose cultivar is 'Limelight' (first in catalogue order).
    const lime = await search('q=lime');
    expect(runs(lime)).toEqual(['Tilia cordata', 'Tilia platyphyllos', 'Tilia tomentosa', 'Tilia henryana', 'Hydrangea paniculata']);
    const linden = await search('q=linden');
    expect(new Set(linden.results.map((l) => l.genus))).toEqual(new Set(['Tilia']));
    expect(linden.total).toBe(8);
  });

  it('a botanical search keeps catalogue order', async () => {
    for (const genus of ['Acer', 'Prunus']) {
      const searched = await search(`q=${genus.toLowerCase()}`);
      const listed = await search(`genus=${genus}`);
      expect(searched.results.map((l) => l.id)).toEqual(listed.results.map((l) => l.id));
      expect(searched.total).toBe(listed.total);
    }
  });

  it('pages through the ranked matches with a steady total', async () => {
    const all = await search('q=laurel');
    const pages: Line[] = [];
    for (let page = 0; page < 4; page++) {
      const body = (await client.get(`/api/catalogue?q=laurel&limit=3&page=${page}`)).body as Body;
      expect(body.total).toBe(10);
      pages.push(...body.results);
    }
    expect(pages.map((l) => l.id)).toEqual(all.results.map((l) => l.id));
  });

  it('a product code, in any case, finds its line', async () => {
    const [line] = (await ctx.deps.db('catalogue_items').where({ genus: 'Laurus', species: 'nobilis' }).select('id', 'code')) as {
      id: number;
      code: string;
    }[];
    for (const typed of [line!.code, line!.code.toLowerCase()]) {
      const body = await search(`q=${encodeURIComponent(typed)}`);
      expect(body.results.map((l) => l.id)).toEqual([line!.id]);
    }
    // Beside other words, the code's line ranks with the lines named by them.
    const mixed = await search(`q=${encodeURIComponent(`laurel ${line!.code}`)}`);
    expect(mixed.results.map((l) => l.id)).toEqual([line!.id]);
  });

  it('a typo of a species-level name falls back to its genus', async () => {
    // "Myrobalan" is only a curated name of Prunus cerasifera: its lines are named "Cherry plum".
    const body = await search('q=myrobalen');
    expect(body.did_you_mean).toEqual(['Prunus']);
    expect(new Set(body.results.map((l) => l.genus))).toEqual(new Set(['Prunus']));
  });
});

describe('GET /api/catalogue/genera/:slug common names', () => {
  it("lists the genus's names, then each species' on the page, then the lines' own that add a name", async () => {
    const names = async (slug: string) =>
      ((await client.get(`/api/catalogue/genera/${slug}`)).body as { data: { common_names: string[] } }).data.common_names;
    const prunus = await names('prunus');
    expect(prunus.slice(0, 5)).toEqual(['Cherry', 'Plum', 'Wild cherry', 'Gean', 'Sweet cherry']);
    expect(prunus).toEqual(expect.arrayContaining(['Cherry laurel', 'Portugal laurel', 'Blackthorn', 'Sloe', 'Myrobalan']));
    // A species not on the page lends the genus none of its names; variants of a listed name
    // ("Double wild cherry", "Plum rootstock, dwarfing") stay in their lines' rows.
    expect(prunus).not.toContain('Tibetan cherry');
    expect(prunus.filter((n) => /rootstock|double/i.test(n))).toEqual([]);
    expect(await names('fagus')).toEqual(['Beech', 'Common beech', 'European beech']);
    // A genus without curated names lists its lines' names, each once.
    expect(await names('buddleja')).toEqual(['Butterfly bush']);
    expect(await names('hebe')).toEqual(['Shrubby veronica']);
  });
});
