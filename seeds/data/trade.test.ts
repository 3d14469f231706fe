import { describe, expect, it } from 'vitest';
import { priceBreaksSchema } from '../../src/modules/catalogue/schema.ts';
import { CATALOGUE_ROWS, type CatalogueSeedRow } from './catalogue.ts';
import { seedTrade, type SeedTrade } from './trade.ts';

const TODAY = '2026-11-26';
const lines = CATALOGUE_ROWS.map((row) => ({ row, trade: seedTrade(row, TODAY) }));
const share = (test: (trade: SeedTrade) => boolean) => lines.filter(({ trade }) => test(trade)).length / lines.length;
const find = (genus: string, species: string, form: string, height: string) =>
  lines.find(({ row }) => row.genus === genus && row.species === species && row.form === form && row.height === height)!;

describe('demo trade terms', () => {
  it('are the same on every run: a line’s terms come from the line, not from chance', () => {
    expect(CATALOGUE_ROWS.map((row) => seedTrade(row, TODAY))).toEqual(lines.map(({ trade }) => trade));
    // And they differ between lines: not one price for all.
    expect(new Set(lines.map(({ trade }) => trade.price_pence)).size).toBeGreaterThan(50);
  });

  it('price most lines, about one in ten on request, with breaks the catalogue’s own rules accept', () => {
    const onRequest = share((t) => t.price_pence === null);
    expect(onRequest).toBeGreaterThan(0.05);
    expect(onRequest).toBeLessThan(0.16);
    for (const { row, trade } of lines) {
      const name = `${row.genus} ${row.species} ${row.form} ${row.height}`;
      expect(priceBreaksSchema.safeParse(trade.price_breaks).success, name).toBe(true);
      if (trade.price_pence === null) {
        expect(trade.price_breaks, name).toEqual([]);
        continue;
      }
      expect(trade.price_breaks.length, name).toBeGreaterThan(0);
      // Each break is dearer per plant than none: cheaper than the price, and than the break before.
      let previous = trade.price_pence;
      for (const step of trade.price_breaks) {
        expect(step.price_pence, name).toBeLessThan(previous);
        previous = step.price_pence;
      }
    }
  });

  it('keep bare-root hedging whips at £0.85–£3.50 with 100+ breaks, and make taller plants and bigger pots dearer', () => {
    const whips = lines.filter(({ row, trade }) => row.kind === 'hedging' && row.form === 'Bare root' && trade.price_pence !== null);
    expect(whips.length).toBeGreaterThan(40);
    for (const { trade } of whips) {
      expect(trade.price_pence).toBeGreaterThanOrEqual(85);
      expect(trade.price_pence).toBeLessThanOrEqual(350);
      expect(trade.price_breaks[0]!.min_quantity).toBe(100);
    }
    // The same species at two heights or in two pots, whatever its own factor.
    const taller = (a: CatalogueSeedRow, b: CatalogueSeedRow) => [seedTrade(a, TODAY).price_pence, seedTrade(b, TODAY).price_pence];
    const [short, tall] = taller(
      { ...find('Fagus', 'sylvatica', 'Bare root', '40-60').row },
      { ...find('Fagus', 'sylvatica', 'Bare root', '40-60').row, height: '120-150' },
    );
    expect(tall!).toBeGreaterThan(short!);
    const [small, big] = taller(
      { ...find('Ilex', 'aquifolium', '2L', '20-40').row },
      { ...find('Ilex', 'aquifolium', '2L', '20-40').row, form: '10L' },
    );
    expect(big!).toBeGreaterThan(small!);
  });

  it('mix availability: most in stock with counts, some limited, some ready later, some out', () => {
    expect(share((t) => t.stock_status === 'in_stock')).toBeGreaterThan(0.5);
    for (const status of ['limited', 'ready_from', 'out_of_stock'] as const)
      expect(
        share((t) => t.stock_status === status),
        status,
      ).toBeGreaterThan(0.04);
    for (const { trade } of lines) {
      if (trade.stock_status === 'in_stock' || trade.stock_status === 'limited') expect(trade.stock_quantity).toBeGreaterThan(0);
      if (trade.stock_status === 'ready_from') expect(trade.ready_from).toMatch(/^\d{4}-\d{2}-01$/);
      else expect(trade.ready_from).toBeNull();
    }
    expect(lines.some(({ trade }) => (trade.stock_quantity ?? 0) >= 5000)).toBe(true);
  });

  it('date ready-from lines after the day the seed runs, so they never go stale', () => {
    for (const today of ['2026-11-26', '2027-12-31', '2030-06-15']) {
      const dates = CATALOGUE_ROWS.map((row) => seedTrade(row, today).ready_from).filter((d): d is string => d !== null);
      expect(dates.length).toBeGreaterThan(10);
      for (const date of dates) {
        expect(date > today, `${date} after ${today}`).toBe(true);
        expect(date < `${Number(today.slice(0, 4)) + 1}-${today.slice(5)}`, `${date} within a year of ${today}`).toBe(true);
      }
    }
  });
});
