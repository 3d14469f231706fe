import { describe, expect, it } from 'vitest';
import { lineTotal, quotationTotals } from './quotation-totals.ts';

describe('quotationTotals', () => {
  it('adds the lines and delivery, then 20 % VAT on the whole', () => {
    const totals = quotationTotals({
      lines: [
        { quantity: 10, unit_price_pence: 1100 },
        { quantity: 3, unit_price_pence: 250 },
      ],
      delivery_pence: 4500,
      vat_rate_bp: 2000,
    });
    expect(totals).toEqual({ subtotal_pence: 11_750, delivery_pence: 4500, vat_pence: 3250, total_pence: 19_500 });
  });

  it('rounds VAT once on the total, half a penny up, not per line', () => {
    // Per line: 3 × round(0.2 × 1p) = 0; on the total: 20 % of 3p = 0.6p → 1p.
    const three = quotationTotals({
      lines: [1, 2, 3].map(() => ({ quantity: 1, unit_price_pence: 1 })),
      delivery_pence: 0,
      vat_rate_bp: 2000,
    });
    expect(three.vat_pence).toBe(1);
    // An exact half rounds up: 2.5 % of 20p = 0.5p → 1p.
    expect(quotationTotals({ lines: [{ quantity: 1, unit_price_pence: 20 }], delivery_pence: 0, vat_rate_bp: 250 }).vat_pence).toBe(1);
    // Just under a half rounds down: 20 % of 2p = 0.4p → 0.
    expect(quotationTotals({ lines: [{ quantity: 1, unit_price_pence: 2 }], delivery_pence: 0, vat_rate_bp: 2000 }).vat_pence).toBe(0);
    // 20 % of 1,234,567p = 246,913.4p → 246,913p.
    const big = quotationTotals({ lines: [{ quantity: 1, unit_price_pence: 1_234_567 }], delivery_pence: 0, vat_rate_bp: 2000 });
    expect(big).toMatchObject({ vat_pence: 246_913, total_pence: 1_481_480 });
  });

  it('counts an unpriced line as nothing, and works with no lines or a zero rate', () => {
    expect(quotationTotals({ lines: [{ quantity: 5, unit_price_pence: null }], delivery_pence: 1000, vat_rate_bp: 2000 })).toEqual({
      subtotal_pence: 0,
      delivery_pence: 1000,
      vat_pence: 200,
      total_pence: 1200,
    });
    expect(quotationTotals({ lines: [], delivery_pence: 0, vat_rate_bp: 0 }).total_pence).toBe(0);
  });

  it('stays exact where the product of pence and basis points passes 2^53', () => {
    const totals = quotationTotals({ lines: [{ quantity: 1_000_000, unit_price_pence: 9_999_999 }], delivery_pence: 0, vat_rate_bp: 2000 });
    expect(totals.subtotal_pence).toBe(9_999_999_000_000);
    expect(totals.vat_pence).toBe(1_999_999_800_000);
  });

  it('prices a line or says it has no price', () => {
    expect(lineTotal({ quantity: 4, unit_price_pence: 125 })).toBe(500);
    expect(lineTotal({ quantity: 4, unit_price_pence: null })).toBeNull();
  });
});
