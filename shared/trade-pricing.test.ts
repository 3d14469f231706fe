import { describe, expect, it } from 'vitest';
import { breakFor, estimateTotal, priceForQuantity } from './trade-pricing.ts';
import { penceText } from './trade-text.ts';

const trade = {
  price_pence: 250,
  // Out of order on purpose: the rule picks by quantity, not by position.
  price_breaks: [
    { min_quantity: 500, price_pence: 175 },
    { min_quantity: 100, price_pence: 199 },
  ],
};

describe('breakFor', () => {
  it('takes the break with the highest minimum not above the quantity', () => {
    expect(breakFor(trade.price_breaks, 99)).toBeNull();
    expect(breakFor(trade.price_breaks, 100)).toEqual({ min_quantity: 100, price_pence: 199 });
    expect(breakFor(trade.price_breaks, 499)).toEqual({ min_quantity: 100, price_pence: 199 });
    expect(breakFor(trade.price_breaks, 500)).toEqual({ min_quantity: 500, price_pence: 175 });
  });
});

describe('priceForQuantity', () => {
  it('charges the list price below the first break', () => {
    expect(priceForQuantity(trade, 10)).toEqual({ unit_pence: 250, list_pence: 250, break: null, total_pence: 2500, saving_pence: 0 });
  });

  it('applies a break and says what it saves over the quantity', () => {
    expect(priceForQuantity(trade, 100)).toEqual({
      unit_pence: 199,
      list_pence: 250,
      break: { min_quantity: 100, price_pence: 199 },
      total_pence: 19900,
      saving_pence: 5100,
    });
    expect(priceForQuantity(trade, 600)).toMatchObject({ unit_pence: 175, total_pence: 105000, saving_pence: 45000 });
  });

  it('prices a line that has breaks but no list price only from its first break, with no saving', () => {
    const breaksOnly = { price_pence: null, price_breaks: [{ min_quantity: 50, price_pence: 120 }] };
    expect(priceForQuantity(breaksOnly, 49)).toBeNull();
    expect(priceForQuantity(breaksOnly, 50)).toEqual({
      unit_pence: 120,
      list_pence: null,
      break: { min_quantity: 50, price_pence: 120 },
      total_pence: 6000,
      saving_pence: 0,
    });
  });

  it('never charges more for a break dearer than the list price', () => {
    const slip = { price_pence: 100, price_breaks: [{ min_quantity: 10, price_pence: 150 }] };
    expect(priceForQuantity(slip, 20)).toMatchObject({ unit_pence: 100, break: null, total_pence: 2000, saving_pence: 0 });
  });

  it('has no price for an unpriced line, no trade fields or a quantity that is not a whole number from 1', () => {
    expect(priceForQuantity({ price_pence: null, price_breaks: [] }, 5)).toBeNull();
    expect(priceForQuantity(undefined, 5)).toBeNull();
    expect(priceForQuantity(trade, 0)).toBeNull();
    expect(priceForQuantity(trade, 1.5)).toBeNull();
  });
});

describe('estimateTotal', () => {
  it('adds the priced lines and counts the ones left out', () => {
    const lines = [
      { trade, quantity: 100 },
      { trade, quantity: 2 },
      { trade: { price_pence: null, price_breaks: [] }, quantity: 7 },
      { trade: undefined, quantity: 1 },
    ];
    expect(estimateTotal(lines)).toEqual({ total_pence: 19900 + 500, priced: 2, unpriced: 2 });
    expect(estimateTotal([])).toEqual({ total_pence: 0, priced: 0, unpriced: 0 });
  });
});

describe('penceText', () => {
  it('writes pence as en-GB pounds with two decimals and thousands separators', () => {
    expect(penceText(123450)).toBe('£1,234.50');
    expect(penceText(5)).toBe('£0.05');
    expect(penceText(199)).toBe('£1.99');
    expect(penceText(10000000)).toBe('£100,000.00');
  });
});
