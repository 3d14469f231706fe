import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { quotationMailBuilders } from './mail-builders.ts';
import { renderQuotationPdfJob } from './pdf-job.ts';

/**
 * The PDF job on its own (no workers, the in-process queue): it renders once, stores the file,
 * and owes the buyer's mail once, however often it runs; a draft or a deleted quotation gets
 * nothing, and the mail builder has nothing to send until the PDF exists.
 */
let context: TestContext;
const db = () => context.deps.db;

async function quotation(status: 'draft' | 'sent'): Promise<number> {
  const [request] = await db()('quote_requests')
    .insert({
      reference: `Q-2026-P${Math.random().toString(36).slice(2, 8)}`,
      name: 'Jo',
      email: 'jo@example.com',
      delivery_postcode: 'TN27 9AA',
    })
    .returning(['id', 'reference']);
  const [row] = await db()('quotations')
    .insert({
      quote_request_id: request.id,
      version: 1,
      reference: `${request.reference}/1`,
      status,
      valid_until: '2027-01-15',
      delivery_pence: 1000,
      subtotal_pence: 2500,
      vat_pence: 700,
      total_pence: 4200,
      sent_at: new Date('2026-11-27T10:00:00Z'),
    })
    .returning('id');
  await db()('quotation_lines').insert({
    quotation_id: row.id,
    position: 1,
    code: 'TAXBAC-3L-2040',
    genus: 'Taxus',
    species: 'baccata',
    common_name: 'Yew',
    form: '3L',
    height: '20-40',
    quantity: 10,
    unit_price_pence: 250,
  });
  return row.id as number;
}

beforeAll(async () => {
  context = await createTestContext({ redis: false });
});
afterAll(async () => {
  await context?.close();
});

describe('quotations.render_pdf', () => {
  it('renders and stores the PDF once and owes one mail, however often it runs', async () => {
    const id = await quotation('sent');
    const builders = quotationMailBuilders(context.deps);
    expect(await builders['quotation.sent']({ quotationId: id })).toBeNull();

    await renderQuotationPdfJob(context.deps, id);
    const { pdf_key: key, pdf_bytes: bytes } = await db()('quotations').where({ id }).first('pdf_key', 'pdf_bytes');
    expect(key).toMatch(/^quotations\/\d+\/Q-2026-P\w+-v1-[0-9a-f]{8}\.pdf$/);
    const pdf = await context.deps.storage.get(key);
    expect(pdf.length).toBe(Number(bytes));
    const parser = new PDFParse({ data: pdf });
    const text = (await parser.getText()).text.replace(/[ \t]+/g, ' ');
    await parser.destroy();
    for (const fact of [
      'TAXBAC-3L-2040',
      'Taxus baccata (Yew)',
      '£2.50',
      '£25.00',
      '£10.00',
      'Total ex VAT',
      '£35.00',
      '£7.00',
      '£42.00',
      '15 January 2027',
    ])
      expect(text, fact).toContain(fact);

    await renderQuotationPdfJob(context.deps, id);
    expect((await db()('quotations').where({ id }).first('pdf_key')).pdf_key).toBe(key);
    const owed = await db()('mails')
      .where({ kind: 'quotation.sent' })
      .whereRaw("params->>'quotationId' = ?", [String(id)]);
    expect(owed).toHaveLength(1);
    const draft = await builders['quotation.sent']({ quotationId: id });
    expect(draft?.message.attachments?.[0]?.filename).toMatch(/-v1\.pdf$/);
  });

  it('renders nothing for a draft or a quotation that is gone', async () => {
    const id = await quotation('draft');
    await renderQuotationPdfJob(context.deps, id);
    await renderQuotationPdfJob(context.deps, 2_000_000);
    expect((await db()('quotations').where({ id }).first('pdf_key')).pdf_key).toBeNull();
    expect(
      await db()('events')
        .where({ name: 'quotation.pdf_ready' })
        .whereRaw("payload->>'quotationId' = ?", [String(id)]),
    ).toEqual([]);
  });
});
