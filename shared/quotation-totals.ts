import type { QuotationTotals } from './api/quotations.ts';

/** What a quotation's totals depend on. */
export interface TotalsInput {
  lines: readonly { quantity: number; unit_price_pence: number | null }[];
  delivery_pence: number;
  /** Basis points: 2000 = 20 %. */
  vat_rate_bp: number;
}

/**
 * A quotation's totals: the one rule for the admin editor (live, in the browser), the stored row,
 * the PDF and the mail. VAT is worked out once on the whole net amount (goods plus delivery, which
 * follows the goods' rate) and rounded to the nearest penny, half a penny up — HMRC's
 * invoice-level rounding — never per line, so the VAT shown is the VAT of the total shown. BigInt
 * keeps the product exact for any amount the columns allow.
 */
export function quotationTotals(input: TotalsInput): QuotationTotals {
  let subtotal = 0;
  for (const line of input.lines) if (line.unit_price_pence !== null) subtotal += line.quantity * line.unit_price_pence;
  const net = BigInt(subtotal + input.delivery_pence);
  const vat = Number((net * BigInt(input.vat_rate_bp) + 5000n) / 10000n);
  return {
    subtotal_pence: subtotal,
    delivery_pence: input.delivery_pence,
    vat_pence: vat,
    total_pence: subtotal + input.delivery_pence + vat,
  };
}

/** A line's total, or null while it has no price. */
export const lineTotal = (line: { quantity: number; unit_price_pence: number | null }) =>
  line.unit_price_pence === null ? null : line.quantity * line.unit_price_pence;
