import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { realisticRows } from './fixtures.ts';
import { genusNames, NameIndex } from './fallback-names.ts';
import { PUBLIC_VIEWER } from '../../viewer.ts';
import { searchQuery, searchWords } from './search.ts';

/**
 * The search's plans on catalogue-sized tables (about 160 genera): every search form — a genus,
 * a common name, a curated species name, a product code, several words, and a typo with its
 * fallback — is answered from indexes, never by reading the whole table. First 5,000 lines right
 * after a bulk load, before any ANALYZE (autovacuum is off on these machines): the planner then
 * knows only the table's size, and the search used to flip to a table scan there (issue 20).
 * Then the same after ANALYZE, and at 20,000 lines. Plans, not timings: the timings are
 * bench/catalogue-search.ts's job.
 */
let ctx: TestContext;
const ROWS = realisticRows(20_000);

const insert = async (rows: typeof ROWS) => {
  for (let i = 0; i < rows.length; i += 1000) await ctx.deps.db('catalogue_items').insert(rows.slice(i, i + 1000));
};

beforeAll(async () => {
  ctx = await createTestContext({ redis: false });
  await insert(ROWS.slice(0, 5_000));
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/** The plan of one search page (with the fallback's names, as the service sends them), as a flat list of its nodes. */
async function plan(q: string): Promise<PlanNode[]> {
  const names = new NameIndex(await genusNames(ctx.deps.db)).candidates(q);
  const { sql, bindings } = searchQuery(ctx.deps.db, { words: searchWords(q) }, 0, 50, PUBLIC_VIEWER, names).toSQL();
  const { rows } = await ctx.deps.db.raw(`EXPLAIN (FORMAT JSON) ${sql}`, bindings);
  return nodes((rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan);
}

describe.each([
  ['5,000 lines, freshly loaded, never analyzed', async () => {}],
  ['5,000 lines after VACUUM ANALYZE', async () => void (await ctx.deps.db.raw('VACUUM ANALYZE catalogue_items'))],
  [
    '20,000 lines, analyzed',
    async () => {
      await insert(ROWS.slice(5_000));
      await ctx.deps.db.raw('VACUUM ANALYZE catalogue_items');
    },
  ],
])('search plans on %s', (_when, prepare) => {
  beforeAll(prepare, 120_000);

  it.each([
    ['acer', 'catalogue_items_genus_trgm'],
    ['hornbeam', 'catalogue_items_common_name_trgm'],
    // The typo: no line matches, so the fallback reads the nearest genus's lines by the (genus, species) index.
    ['acre', 'catalogue_items_genus_species_index'],
    ['palmatum', 'catalogue_items_species_trgm'],
    ['weeping birch', 'catalogue_items_common_name_trgm'],
    // Curated species names: the genus's lines holding the epithet.
    ['laurel', 'catalogue_items_genus_species_index'],
    ['cherry laurel', 'catalogue_items_genus_species_index'],
    ['sycamore', 'catalogue_items_genus_species_index'],
    ['ACECAM-BR-6090', 'catalogue_items_code_unique'],
    // A word too short to index narrows the lines the other one finds.
    ['acer x', 'catalogue_items_genus_trgm'],
  ])('q=%s is answered from the indexes (%s), without a table scan', async (q, index) => {
    const steps = await plan(q);
    expect(steps.map((s) => s['Index Name'])).toContain(index);
    expect(steps.filter((s) => s['Node Type'] === 'Seq Scan' && s['Relation Name'] === 'catalogue_items')).toEqual([]);
    // Nor an index walked whole (an Index Scan without a condition), filtering every line on the way.
    expect(steps.filter((s) => s['Relation Name'] === 'catalogue_items' && s['Node Type'].includes('Index') && !s['Index Cond'])).toEqual(
      [],
    );
  });
});
