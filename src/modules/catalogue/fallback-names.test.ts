import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { GENUS_COMMON_NAMES } from './common-names.ts';
import { asciiTrigrams, genusNames, NameIndex } from './fallback-names.ts';
import { realisticRows } from './fixtures.ts';

/**
 * The fallback sends PostgreSQL only the names that share a trigram with the query. That is exact
 * only if this module's trigrams are pg_trgm's: checked here against `show_trgm` and
 * `strict_word_similarity` themselves, on realistic names and typed queries.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ redis: false });
  await ctx.deps.db('catalogue_items').insert(realisticRows(2_000));
  await ctx.deps
    .db('catalogue_items')
    .insert({ genus: '× Cuprocyparis', species: 'leylandii', common_name: 'Leyland cypress', form: '3L', height: '60-90' });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

describe('the fallback names', () => {
  it('have the trigrams pg_trgm gives them', async () => {
    const texts = [
      ...Object.keys(GENUS_COMMON_NAMES),
      ...Object.values(GENUS_COMMON_NAMES).flat(),
      "M26 'Bloodgood' x-ray",
      'Acre  ',
      '  a  b  ',
    ];
    const { rows } = await ctx.deps.db.raw('SELECT text, show_trgm(text) AS trigrams FROM unnest(?::text[]) AS text', [texts]);
    for (const { text, trigrams } of rows as { text: string; trigrams: string[] }[])
      expect([...asciiTrigrams(text)].sort(), text).toEqual([...trigrams].sort());
  });

  it.each(['acre', 'hornbem', 'Betla', 'blackthron', 'cupressus', 'cyprus leyland', 'xyzzyq', 'é'])(
    'for q=%s, hold every name PostgreSQL scores above 0',
    async (q) => {
      const names = await genusNames(ctx.deps.db);
      const candidates = new NameIndex(names).candidates(q);
      const { rows } = await ctx.deps.db.raw('SELECT name FROM unnest(?::text[]) AS name WHERE strict_word_similarity(?, name) > 0', [
        names.names,
        q,
      ]);
      const scored = (rows as { name: string }[]).map((r) => r.name);
      expect(candidates.names).toEqual(expect.arrayContaining(scored));
      // And few besides: the point is not to send them all (a query outside ASCII does).
      if (q !== 'é') expect(candidates.names.length).toBeLessThan(names.names.length / 2);
      expect(candidates.names.length).toBe(candidates.genera.length);
    },
  );
});
