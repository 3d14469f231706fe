import { describe, expect, it } from 'vitest';
import { PUBLIC_VIEWER, TRADE_VIEWER } from '../../viewer.ts';
import { presentItem } from './presenter.ts';
import type { ViewedRow } from './store.ts';

/**
 * The presenter is the last guard on prices: whatever a query read, a line shows `trade` to a trade
 * viewer only, field by field. (The store is the first: it reads no trade column for anyone else.)
 */
const trade = {
  price_pence: 250,
  price_breaks: [{ min_quantity: 10, price_pence: 225 }],
  stock_status: 'in_stock' as const,
  stock_quantity: 500,
  ready_from: null,
};
const line = {
  id: 1,
  code: 'ACECAM-BR-6090',
  genus: 'Acer',
  species: 'campestre',
  common_name: 'Field maple',
  form: 'Bare root',
  height: '60-90',
};

describe('presentItem', () => {
  it('leaves the trade fields out for the public viewer, even when the row carries them', () => {
    const shown = presentItem({ ...line, trade }, PUBLIC_VIEWER);
    expect(shown).toEqual(line);
    expect(JSON.stringify(shown)).not.toContain('250');
  });

  it('shows a trade viewer the trade fields it names, and nothing else the row carries', () => {
    const row = { ...line, updated_at: new Date(), trade: { ...trade, cost_pence: 90 } } as ViewedRow;
    expect(presentItem(row, TRADE_VIEWER)).toEqual({ ...line, trade });
  });

  it("refuses a trade viewer's row read without its trade column, rather than showing it unpriced", () => {
    expect(() => presentItem(line, TRADE_VIEWER)).toThrow(/without its trade column/);
  });
});
