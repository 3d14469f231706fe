import type { Knex } from 'knex';
import type { Config } from '../src/config.ts';
import { quotationToken } from '../src/modules/quotations/link.ts';

/**
 * Quotations as the orders tests need them, written straight into the tables the quotations module
 * owns (drafting and sending are that module's; these tests start from a sent quotation). Each line
 * is snapshotted from its catalogue row, like a real quotation's.
 */

let sequence = 0;

interface QuotationLineInput {
  catalogue_item_id: number;
  quantity: number;
  unit_price_pence?: number;
}

export interface QuotationInput {
  /** The quote request's buyer (null: a guest's request). */
  userId?: number | null;
  lines: QuotationLineInput[];
  /** YYYY-MM-DD; default far in the future. */
  validUntil?: string;
  status?: 'draft' | 'sent' | 'accepted' | 'declined' | 'expired' | 'superseded';
  email?: string;
  name?: string;
  company?: string;
  deliveryPence?: number;
}

/** Inserts a quote request (status quoted) and a quotation of it with priced lines; returns their ids and references. */
export async function insertQuotation(db: Knex, input: QuotationInput) {
  const n = ++sequence;
  const [request] = await db('quote_requests')
    .insert({
      reference: `Q-2026-T${process.pid}-${n}`,
      user_id: input.userId ?? null,
      name: input.name ?? `Jo Buyer ${n}`,
      company: input.company ?? 'Greenways Landscapes',
      email: input.email ?? `jo${n}@example.com`,
      telephone: '01233 555 123',
      delivery_postcode: 'TN27 9AA',
      status: 'quoted',
    })
    .returning(['id', 'reference']);
  const items: { id: number; code: string; genus: string; species: string; common_name: string; form: string; height: string }[] = await db(
    'catalogue_items',
  ).whereIn(
    'id',
    input.lines.map((line) => line.catalogue_item_id),
  );
  const lines = input.lines.map((line, index) => {
    const item = items.find((row) => row.id === line.catalogue_item_id)!;
    return {
      position: index + 1,
      catalogue_item_id: item.id,
      code: item.code,
      genus: item.genus,
      species: item.species,
      common_name: item.common_name,
      form: item.form,
      height: item.height,
      quantity: line.quantity,
      unit_price_pence: line.unit_price_pence ?? 250,
    };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.unit_price_pence, 0);
  const delivery = input.deliveryPence ?? 5000;
  const vat = Math.round((subtotal + delivery) / 5);
  const [quotation] = await db('quotations')
    .insert({
      quote_request_id: request.id,
      version: 1,
      reference: `${request.reference}/1`,
      status: input.status ?? 'sent',
      delivery_pence: delivery,
      valid_until: input.validUntil ?? '2099-12-31',
      subtotal_pence: subtotal,
      vat_pence: vat,
      total_pence: subtotal + delivery + vat,
      sent_at: new Date(),
    })
    .returning(['id', 'reference', 'valid_until']);
  await db('quotation_lines').insert(lines.map((line) => ({ ...line, quotation_id: quotation.id })));
  return {
    id: quotation.id as number,
    reference: quotation.reference as string,
    requestId: request.id as number,
    validUntil: input.validUntil ?? '2099-12-31',
    totalPence: subtotal + delivery + vat,
  };
}

/** Sets catalogue rows' stock (null: the row tracks no stock). */
export async function setStock(db: Knex, ids: number[], quantity: number | null): Promise<void> {
  await db('catalogue_items').whereIn('id', ids).update({ stock_quantity: quantity });
}

/** A valid acceptance body (wanted a year from the test's day). */
export const acceptance = (overrides: Record<string, unknown> = {}) => ({
  po_number: 'PO-4471',
  delivery_address: 'Site office, Plot 4\nHothfield Road\nAshford',
  delivery_postcode: 'tn26 1aa',
  wanted_by: '2098-03-01',
  ...overrides,
});

/** The token of a quotation's guest link, as its mail carries it. */
export const linkToken = (config: Pick<Config, 'appKey'>, quotation: { id: number; validUntil: string }) =>
  quotationToken(config, { id: quotation.id, valid_until: quotation.validUntil });
