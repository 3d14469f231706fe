import { describe, expect, it } from 'vitest';
import { priceSummary } from './trade-summary.ts';

const trade = { price_pence: 250, price_breaks: [], stock_status: null, stock_quantity: null, ready_from: null };
const step = { min_quantity: 10, price_pence: 230 };

describe('priceSummary', () => {
  it('says the price and how many breaks, in a few characters', () => {
    expect(priceSummary(trade)).toBe('£2.50');
    expect(priceSummary({ ...trade, price_breaks: [step] })).toBe('£2.50 · 1 break');
    expect(priceSummary({ ...trade, price_breaks: [step, { ...step, min_quantity: 50 }, { ...step, min_quantity: 100 }] })).toBe(
      '£2.50 · 3 breaks',
    );
    expect(priceSummary({ ...trade, price_pence: null, price_breaks: [step, { ...step, min_quantity: 50 }] })).toBe('2 breaks');
    expect(priceSummary({ ...trade, price_pence: null })).toBe('');
    expect(priceSummary(undefined)).toBe('');
  });
});
