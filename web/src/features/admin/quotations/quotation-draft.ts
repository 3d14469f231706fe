import { poundsInput, readPrice } from '../../../../../shared/money.ts';
import { quotationTotals } from '../../../../../shared/quotation-totals.ts';
import type { AdminQuotation, CatalogueAvailability, QuotationTotals } from '../../../../../shared/api/quotations.ts';
import type { QuotationPatch } from './quotations-api.ts';

/** A line as the editor holds it: the typed text, read only when saving (and for the live totals). */
export interface EditorLine {
  /** React's key: the line's id, or a made-up one for a line added here. */
  key: string;
  /** The stored line's id; undefined for a line added by code and not saved yet. */
  id?: number;
  code: string;
  /** "Acer campestre (Field maple), Bare root, 60-90 cm"; for a new line, what was typed. */
  description: string;
  is_substitute: boolean;
  availability: CatalogueAvailability | 'new';
  quantity: string;
  /** Pounds as typed ("12.50"); blank for no price (a new line: the catalogue's, when saved). */
  price: string;
  note: string;
}

export interface EditorState {
  lines: EditorLine[];
  delivery: string;
  validUntil: string;
  note: string;
}

const heightText = (height: string) => (/^\d/.test(height) ? `${height} cm` : height);

/** The editor's state for a stored draft. */
export function editorState(quotation: AdminQuotation): EditorState {
  return {
    lines: quotation.lines.map((line) => ({
      key: `line-${line.id}`,
      id: line.id,
      code: line.code,
      description: `${line.genus} ${line.species}${line.common_name ? ` (${line.common_name})` : ''}, ${line.form}, ${heightText(line.height)}`,
      is_substitute: line.is_substitute,
      availability: line.availability,
      quantity: String(line.quantity),
      price: poundsInput(line.unit_price_pence),
      note: line.note,
    })),
    delivery: poundsInput(quotation.delivery_pence),
    validUntil: quotation.valid_until ?? '',
    note: quotation.note,
  };
}

/** A whole number of plants as typed, or undefined when it is not one (1–1,000,000). */
export function readQuantity(text: string): number | undefined {
  if (!/^\s*\d{1,7}\s*$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= 1_000_000 ? n : undefined;
}

/**
 * The totals as they would be saved, worked out by the server's own rule while staff type: a line
 * whose quantity or price cannot be read counts nothing until it can.
 */
export function liveTotals(state: EditorState, vatRateBp: number): QuotationTotals {
  const lines = state.lines.map((line) => {
    const quantity = readQuantity(line.quantity);
    const price = readPrice(line.price).pence;
    return { quantity: quantity ?? 0, unit_price_pence: quantity === undefined || price === undefined ? null : price };
  });
  const delivery = readPrice(state.delivery).pence ?? 0;
  return quotationTotals({ lines, delivery_pence: delivery, vat_rate_bp: vatRateBp });
}

/** The PATCH body, or the problems (by field: `lines.N.quantity`, `delivery`…) that stop a save. */
export function toPatch(state: EditorState): { patch: QuotationPatch; errors?: undefined } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const lines = state.lines.map((line, i) => {
    const quantity = readQuantity(line.quantity);
    if (quantity === undefined) errors[`lines.${i}.quantity`] = 'Enter a whole number of plants, 1 to 1,000,000.';
    const price = readPrice(line.price);
    if (price.error) errors[`lines.${i}.price`] = price.error;
    const base = { quantity: quantity ?? 1, note: line.note.trim() };
    // A new line left without a price takes the catalogue's for its quantity.
    if (line.id === undefined)
      return { code: line.code, ...base, ...(price.pence === null || price.pence === undefined ? {} : { unit_price_pence: price.pence }) };
    return { id: line.id, ...base, unit_price_pence: price.pence ?? null };
  });
  const delivery = readPrice(state.delivery);
  if (delivery.error) errors.delivery = delivery.error;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(state.validUntil)) errors.validUntil = 'Choose the last day the quotation holds.';
  if (Object.keys(errors).length) return { errors };
  return { patch: { lines, delivery_pence: delivery.pence ?? 0, valid_until: state.validUntil, note: state.note.trim() } };
}
