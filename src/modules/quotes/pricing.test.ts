import { describe, expect, it } from 'vitest';
import type { CatalogueTrade } from '../../../shared/api/catalogue.ts';
import { priceForQuantity } from './pricing.ts';

const trade = (price_pence: number | null, price_breaks: CatalogueTrade['price_breaks']): CatalogueTrade => ({
  price_pence,
  price_breaks,
  stock_status: 'in_stock',
  stock_quantity: 5000,
  ready_from: null,
});

describe('priceForQuantity', () => {
  const breaks = trade(245, [
    { min_quantity: 100, price_pence: 220 },
    { min_quantity: 500, price_pence: 199 },
  ]);

  it('uses the list price below the first break, and the highest break reached from it on', () => {
    expect(priceForQuantity(breaks, 99)).toMatchObject({ unit_price_pence: 245, break_min_quantity: null, line_total_pence: 24_255 });
    expect(priceForQuantity(breaks, 100)).toMatchObject({ unit_price_pence: 220, break_min_quantity: 100, line_total_pence: 22_000 });
    expect(priceForQuantity(breaks, 1500)).toMatchObject({ unit_price_pence: 199, break_min_quantity: 500, line_total_pence: 298_500 });
  });

  it('has no price below the first break of a line without a list price, nor for an unpriced line', () => {
    expect(priceForQuantity(trade(null, [{ min_quantity: 50, price_pence: 300 }]), 10)).toMatchObject({
      unit_price_pence: null,
      line_total_pence: null,
    });
    expect(priceForQuantity(trade(null, [{ min_quantity: 50, price_pence: 300 }]), 50)).toMatchObject({
      unit_price_pence: 300,
      line_total_pence: 15_000,
    });
    expect(priceForQuantity(trade(null, []), 10)).toMatchObject({
      unit_price_pence: null,
      break_min_quantity: null,
      line_total_pence: null,
    });
  });
});
