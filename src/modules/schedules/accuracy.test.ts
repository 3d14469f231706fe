import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_ROWS } from '../../../seeds/data/catalogue.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { SCHEDULE_FIXTURE } from './fixtures/nursery-schedule.ts';
import { fixtureAccuracy } from './fixtures/accuracy.ts';

/**
 * The matcher against the fixture of real nursery notation (issue 19, "Done when"): on the demo
 * catalogue, ≥ 95 % of the lines the catalogue stocks are matched to the right line or offered it
 * first, and no line is matched with high confidence to another plant.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ redis: false });
  const rows = CATALOGUE_ROWS.map(({ genus, species, common_name, form, height }) => ({ genus, species, common_name, form, height }));
  await ctx.deps.db('catalogue_items').insert(rows);
});
afterAll(async () => {
  await ctx?.close();
});

describe('the schedule fixture on the demo catalogue', () => {
  it('has at least 150 lines', () => {
    expect(SCHEDULE_FIXTURE.length).toBeGreaterThanOrEqual(150);
  });

  it('finds the right line (matched or first offered) for ≥ 95 % of stocked lines, and never a confident wrong plant', async () => {
    const result = await fixtureAccuracy(ctx.deps.db);
    if (result.accuracy < 0.95) expect(result.misses).toEqual([]);
    expect(result.accuracy).toBeGreaterThanOrEqual(0.95);
    expect(result.confidentlyWrong).toEqual([]);
  });

  it('never matches a genus-wide common name to one cultivar', async () => {
    const result = await fixtureAccuracy(ctx.deps.db);
    const dogwood = SCHEDULE_FIXTURE.findIndex(([line]) => line.startsWith('Dogwood'));
    expect(result.lines[dogwood]).toMatchObject({ status: 'ambiguous', match: null });
  });

  it('retired lines are never offered', async () => {
    const [hornbeam] = await ctx.deps
      .db('catalogue_items')
      .where({ genus: 'Carpinus', species: 'betulus', form: 'Bare root', height: '60-90' })
      .update({ retired_at: new Date() })
      .returning('id');
    try {
      const result = await fixtureAccuracy(ctx.deps.db);
      const offered = result.lines.flatMap((l) => l.candidates.map((c) => c.id));
      expect(offered).not.toContain(hornbeam.id);
    } finally {
      await ctx.deps.db('catalogue_items').where({ id: hornbeam.id }).update({ retired_at: null });
    }
  });
});
