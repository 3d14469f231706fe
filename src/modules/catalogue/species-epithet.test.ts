import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { SPECIES_EPITHET_SQL, speciesEpithet } from './species-epithet.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ redis: false });
});
afterAll(async () => {
  await ctx?.close();
});

/** Species fields as the catalogue and imported spreadsheets hold them, with their epithets. */
const CASES: [species: string, epithet: string][] = [
  ['laurocerasus', 'laurocerasus'],
  ["laurocerasus 'Rotundifolia'", 'laurocerasus'],
  ['Lusitanica', 'lusitanica'],
  ['× hispanica', 'hispanica'],
  ["×fraseri 'Red Robin'", 'fraseri'],
  ['x ebbingei', 'ebbingei'],
  ['X intermedia', 'intermedia'],
  ['xanthocarpa', 'xanthocarpa'],
  ['  sylvatica  ', 'sylvatica'],
  ['utilis var. jacquemontii', 'utilis'],
  ["'Kanzan'", "'kanzan'"],
  ['Gisela 5', 'gisela'],
  ['', ''],
];

describe('speciesEpithet', () => {
  it.each(CASES)('%j → %j', (species, epithet) => {
    expect(speciesEpithet(species)).toBe(epithet);
  });

  it('reads the same epithets in PostgreSQL as in JavaScript', async () => {
    const { rows } = (await ctx.deps.db.raw(
      `SELECT ${SPECIES_EPITHET_SQL} AS epithet FROM unnest(?::text[]) WITH ORDINALITY AS t(species, n) ORDER BY n`,
      [CASES.map(([species]) => species)],
    )) as { rows: { epithet: string }[] };
    expect(rows.map((r) => r.epithet)).toEqual(CASES.map(([, epithet]) => epithet));
  });
});
