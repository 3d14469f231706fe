import { describe, expect, it } from 'vitest';
import type { CatalogueTrade } from './api/catalogue.ts';
import { availabilityText, breakText, dayText, penceText, priceText } from './trade-text.ts';

const unset: CatalogueTrade = { price_pence: null, price_breaks: [], stock_status: null, stock_quantity: null, ready_from: null };

describe('trade text', () => {
  it('writes pence as pounds with two decimals and thousands separators', () => {
    expect([penceText(250), penceText(5), penceText(0), penceText(125_000)]).toEqual(['£2.50', '£0.05', '£0.00', '£1,250.00']);
  });

  it('writes a price with its breaks, and nothing for a line with neither', () => {
    expect(breakText({ min_quantity: 100, price_pence: 199 })).toBe('100+ £1.99');
    const priced = {
      ...unset,
      price_pence: 125,
      price_breaks: [
        { min_quantity: 50, price_pence: 110 },
        { min_quantity: 1000, price_pence: 95 },
      ],
    };
    expect(priceText(priced)).toBe('£1.25 · 50+ £1.10 · 1,000+ £0.95');
    expect(priceText(unset)).toBe('');
  });

  it('writes availability as buyers read it, the date en-GB whatever the zone', () => {
    expect(availabilityText({ ...unset, stock_status: 'in_stock', stock_quantity: 5000 })).toBe('In stock (5,000)');
    expect(availabilityText({ ...unset, stock_status: 'in_stock' })).toBe('In stock');
    expect(availabilityText({ ...unset, stock_status: 'limited', stock_quantity: 40 })).toBe('Limited (40)');
    expect(availabilityText({ ...unset, stock_status: 'ready_from', ready_from: '2027-01-10' })).toBe('Ready from 10 Jan 2027');
    expect(availabilityText({ ...unset, stock_status: 'ready_from' })).toBe('Ready soon');
    expect(availabilityText({ ...unset, stock_status: 'out_of_stock', stock_quantity: 0 })).toBe('Out of stock');
    expect(availabilityText(unset)).toBe('');
    // The last and first days of a year stay on their day (no UTC or BST shift).
    expect([dayText('2026-12-31'), dayText('2027-01-01'), dayText('2027-06-30')]).toEqual(['31 Dec 2026', '1 Jan 2027', '30 Jun 2027']);
  });
});
