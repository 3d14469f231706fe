import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { realisticRows } from './fixtures.ts';
import { PUBLIC_VIEWER } from '../../viewer.ts';
import { pageQuery } from './search.ts';

/**
 * The search's plans on a catalogue-sized table (20,000 lines, ~160 genera): every search word is
 * answered from the trigram indexes, never by reading the whole table — right after a bulk load,
 * before any ANALYZE (autovacuum is off on these machines), and after one. Plans, not timings:
 * the timings are bench/catalogue-search.ts's job.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ redis: false });
  const rows = realisticRows(20_000);
  for (let i = 0; i < rows.length; i += 1000) await ctx.deps.db('catalogue_items').insert(rows.slice(i, i + 1000));
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/** The plan of one search page, as a flat list of its nodes. */
async function plan(words: string[]): Promise<PlanNode[]> {
  const { sql, bindings } = pageQuery(ctx.deps.db, { words }, 0, 50, PUBLIC_VIEWER).toSQL();
  const { rows } = await ctx.deps.db.raw(`EXPLAIN (FORMAT JSON) ${sql}`, bindings);
  return nodes((rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan);
}

describe.each([
  ['freshly loaded, never analyzed', async () => {}],
  ['after VACUUM ANALYZE', async () => void (await ctx.deps.db.raw('VACUUM ANALYZE catalogue_items'))],
])('search plans on 20,000 lines, %s', (_when, prepare) => {
  beforeAll(prepare);

  it.each([
    [['acer'], 'catalogue_items_genus_trgm'],
    [['hornbeam'], 'catalogue_items_common_name_trgm'],
    [['acre'], 'catalogue_items_genus_trgm'],
    [['palmatum'], 'catalogue_items_species_trgm'],
    [['weeping', 'birch'], 'catalogue_items_common_name_trgm'],
    // Curated species names add `genus = … AND epithet IN (…)`, answered by the (genus, species) index.
    [['laurel'], 'catalogue_items_genus_species_index'],
    [['cherry', 'laurel'], 'catalogue_items_genus_species_index'],
    [['sycamore'], 'catalogue_items_genus_species_index'],
  ])('%j is answered from the trigram indexes (%s), without a table scan', async (words, index) => {
    const steps = await plan(words);
    expect(steps.map((s) => s['Index Name'])).toContain(index);
    expect(steps.filter((s) => s['Node Type'] === 'Seq Scan' && s['Relation Name'] === 'catalogue_items')).toEqual([]);
    // Nor the (genus, species) index walked in page order, filtering every line on the way.
    expect(steps.filter((s) => s['Node Type'] === 'Index Scan' && s['Relation Name'] === 'catalogue_items')).toEqual([]);
  });
});
