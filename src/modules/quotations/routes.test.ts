import { simpleParser } from 'mailparser';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminQuotation, Quotation, QuotationSummary } from '../../../shared/api/quotations.ts';
import type { BuyerQuoteRequestDetail } from '../../../shared/api/quotes.ts';
import { insertCatalogueItems } from '../../../seeds/factories.ts';
import { signedIn } from '../../../test/admin.ts';
import { startMailingApp, type MailingApp } from '../../../test/harness.ts';
import type { TestClient } from '../../../test/http-client.ts';
import { expectTextSaysAllHtmlSays } from '../../../test/mail-parity.ts';
import type { CapturedMail } from '../../../test/smtp.ts';
import { LINK_HINT, QUOTATION_LINE_HEADERS } from './mails.ts';

/**
 * Quotations end to end through the HTTP API, with real PostgreSQL, Redis workers (the PDF job on
 * the catalogue queue, mails on the mail queue) and a capturing SMTP server. The clock is fixed
 * (deps.now) at 27 November 2026, so validity dates are exact.
 */
const NOW = new Date('2026-11-27T10:00:00Z');
let app: MailingApp;
let admin: TestClient & { userId: number };
let items: Record<'acer' | 'hornbeamRetired' | 'hornbeam' | 'taxus' | 'betula', { id: number; code: string }>;

const db = () => app.context.deps.db;
const base = (requestId: number) => `/api/admin/quote-requests/${requestId}`;

async function pdfText(raw: Buffer | Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: raw });
  const text = (await parser.getText()).text.replace(/[ \t]+/g, ' ');
  await parser.destroy();
  return text;
}

/** A quote request sent through the public route (a guest unless `client` is signed in); its id. */
async function quoteRequest(client: TestClient, lines: { catalogue_item_id: number; quantity: number }[]): Promise<number> {
  const response = await client.post('/api/quote-requests', {
    lines,
    delivery_postcode: 'TN27 9AA',
    name: 'Jo Landscaper',
    company: 'Greenways & Co',
    email: 'jo@example.com',
    telephone: '01233 555 123',
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (response.body as { id: number }).id;
}

/** The quotation mails received so far (the request's own mails are left out). */
const quotationMails = () => app.smtp.messages.filter((mail) => mail.subject.startsWith('Your quotation'));
async function waitForQuotationMail(count: number): Promise<CapturedMail> {
  const deadline = Date.now() + 20_000;
  while (quotationMails().length < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} quotation mail(s), got ${quotationMails().length}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return quotationMails()[count - 1]!;
}

beforeAll(async () => {
  app = await startMailingApp({ env: { SALES_EMAIL: 'desk@nursery.test', APP_URL: 'https://nursery.test' } });
  app.context.startWorkers(['catalogue']);
  app.context.deps.now = () => NOW;
  admin = await (await signedIn(app.server, app.context.deps, { role: 'admin' })).csrf();
  const rows = [
    { genus: 'Acer', species: 'campestre', common_name: 'Field maple', form: 'Bare root', height: '60-90' },
    { genus: 'Carpinus', species: 'betulus', common_name: 'Hornbeam', form: 'Bare root', height: '60-90' },
    { genus: 'Carpinus', species: 'betulus', common_name: 'Hornbeam', form: 'Bare root', height: '90-120' },
    { genus: 'Taxus', species: 'baccata', common_name: 'Yew', form: '3L', height: '20-40' },
    { genus: 'Betula', species: 'pendula', common_name: 'Silver birch', form: '2L', height: '60-90' },
  ];
  const ids = await insertCatalogueItems(db(), rows);
  const prices = [
    { price_pence: 1250, price_breaks: JSON.stringify([{ min_quantity: 10, price_pence: 1100 }]), stock_status: 'in_stock' },
    { price_pence: 300, stock_status: 'in_stock' },
    { price_pence: 420, price_breaks: JSON.stringify([{ min_quantity: 100, price_pence: 390 }]), stock_status: 'in_stock' },
    { price_pence: null, stock_status: 'limited' },
    { price_pence: 885, stock_status: 'in_stock' },
  ];
  for (const [i, id] of ids.entries()) await db()('catalogue_items').where({ id }).update(prices[i]!);
  const codes = await db()('catalogue_items').whereIn('id', ids).orderBy('id').pluck('code');
  const [acer, hornbeamRetired, hornbeam, taxus, betula] = ids.map((id, i) => ({ id, code: codes[i] as string }));
  items = { acer: acer!, hornbeamRetired: hornbeamRetired!, hornbeam: hornbeam!, taxus: taxus!, betula: betula! };
}, 60_000);
afterAll(async () => {
  await app?.close();
});

describe('a guest request priced, sent, mailed and revised', () => {
  let requestId: number;
  let draft: AdminQuotation;

  beforeAll(async () => {
    requestId = await quoteRequest(await app.visitor().csrf(), [
      { catalogue_item_id: items.acer.id, quantity: 12 },
      { catalogue_item_id: items.hornbeamRetired.id, quantity: 150 },
      { catalogue_item_id: items.taxus.id, quantity: 4 },
    ]);
    // Retired after the request: the draft offers the nearest height of the same plant.
    await db()('catalogue_items').where({ id: items.hornbeamRetired.id }).update({ retired_at: NOW });
  });

  it('refuses guests, buyers and a call without the CSRF token', async () => {
    const guest = await app.visitor().csrf();
    expect((await guest.post(`${base(requestId)}/quotation`)).status).toBe(401);
    const buyer = await (await signedIn(app.server, app.context.deps, { role: 'user' })).csrf();
    expect((await buyer.post(`${base(requestId)}/quotation`)).status).toBe(403);
    expect((await admin.post(`${base(requestId)}/quotation`, {}, { csrf: false })).status).toBe(419);
    expect(await db()('quotations').where({ quote_request_id: requestId }).count({ n: '*' }).first()).toEqual({ n: '0' });
    expect((await admin.post(`${base(999_999)}/quotation`)).status).toBe(404);
  });

  it('opens a draft priced from the catalogue, with a substitute for the retired line', async () => {
    const response = await admin.post(`${base(requestId)}/quotation`);
    expect(response.status).toBe(201);
    draft = response.body as AdminQuotation;
    expect(draft).toMatchObject({ version: 1, status: 'draft', vat_rate_bp: 2000, valid_until: '2026-12-27', delivery_pence: 0 });
    expect(draft.reference).toMatch(/^Q-\d{4}-\d{6}\/1$/);
    expect(draft.lines.map((l) => [l.code, l.quantity, l.unit_price_pence, l.is_substitute, l.availability])).toEqual([
      [items.acer.code, 12, 1100, false, 'available'],
      [items.hornbeamRetired.code, 150, null, false, 'retired'],
      [items.hornbeam.code, 150, 390, true, 'available'],
      [items.taxus.code, 4, null, false, 'available'],
    ]);
    expect(draft.lines[2]!.quote_request_line_id).toBe(draft.lines[1]!.quote_request_line_id);
    expect(draft.totals).toEqual({ subtotal_pence: 13_200 + 58_500, delivery_pence: 0, vat_pence: 14_340, total_pence: 86_040 });

    // Opening again finds the same draft.
    const again = await admin.post(`${base(requestId)}/quotation`);
    expect(again.status).toBe(200);
    expect((again.body as AdminQuotation).id).toBe(draft.id);
  });

  it('refuses bad input with 422 and changes nothing', async () => {
    const before = await db()('quotation_lines').where({ quotation_id: draft.id }).orderBy('id');
    const url = `${base(requestId)}/quotation/${draft.id}`;
    const keep = draft.lines.map((l) => ({ id: l.id, quantity: l.quantity }));
    const bad: [unknown, string][] = [
      [{ lines: [{ id: draft.lines[0]!.id, quantity: 0 }] }, 'lines.0.quantity'],
      [{ lines: [...keep, { code: 'NO-SUCH-CODE', quantity: 1 }] }, 'lines.4.code'],
      [{ lines: [{ id: 2_000_000, quantity: 1 }] }, 'lines.0.id'],
      [{ lines: [{ quantity: 1 }] }, 'lines.0'],
      [{ lines: [{ id: draft.lines[0]!.id, quantity: 1, unit_price_pence: -5 }] }, 'lines.0.unit_price_pence'],
      [{ delivery_pence: 1.5 }, 'delivery_pence'],
      [{ valid_until: '2026-02-30' }, 'valid_until'],
      [{ lines: Array.from({ length: 501 }, () => ({ code: 'X', quantity: 1 })) }, 'lines'],
      [{ note: 'x'.repeat(5001) }, 'note'],
    ];
    for (const [body, field] of bad) {
      const response = await admin.patch(url, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(Object.keys((response.body as { errors: Record<string, string[]> }).errors)).toContain(field);
    }
    expect(await db()('quotation_lines').where({ quotation_id: draft.id }).orderBy('id')).toEqual(before);
  });

  it('saves edits: prices, a removed line, a line added by code, delivery, validity and note; unchanged saves write nothing', async () => {
    const url = `${base(requestId)}/quotation/${draft.id}`;
    const [acer, retired, substitute, taxus] = draft.lines;
    const response = await admin.patch(url, {
      lines: [
        { id: acer!.id, quantity: 12 },
        { id: substitute!.id, quantity: 150 },
        { id: taxus!.id, quantity: 4, unit_price_pence: 2500 },
        { code: items.betula.code.toLowerCase(), quantity: 3 },
      ],
      delivery_pence: 4500,
      valid_until: '2027-01-15',
      note: 'Delivery on a tail-lift lorry.',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    draft = response.body as AdminQuotation;
    expect(draft.lines.map((l) => [l.position, l.code, l.unit_price_pence])).toEqual([
      [1, items.acer.code, 1100],
      [2, items.hornbeam.code, 390],
      [3, items.taxus.code, 2500],
      [4, items.betula.code, 885],
    ]);
    expect(draft.lines.some((l) => l.id === retired!.id)).toBe(false);
    // 13,200 + 58,500 + 10,000 + 2,655 = 84,355; + 4,500 delivery = 88,855; VAT 17,771.
    expect(draft.totals).toEqual({ subtotal_pence: 84_355, delivery_pence: 4500, vat_pence: 17_771, total_pence: 106_626 });

    const stamp = async () => (await db()('quotations').where({ id: draft.id }).first('updated_at')).updated_at;
    const lines = async () => db()('quotation_lines').where({ quotation_id: draft.id }).orderBy('id');
    const [before, linesBefore] = [await stamp(), await lines()];
    const unchanged = await admin.patch(url, {
      lines: draft.lines.map((l) => ({ id: l.id, quantity: l.quantity, unit_price_pence: l.unit_price_pence, note: l.note })),
      delivery_pence: 4500,
      valid_until: '2027-01-15',
      note: 'Delivery on a tail-lift lorry.',
    });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body).toEqual(draft);
    expect(await stamp()).toEqual(before);
    expect(await lines()).toEqual(linesBefore);
  });

  it('refuses to send an incomplete draft: no price, a past validity, no lines', async () => {
    const url = `${base(requestId)}/quotation/${draft.id}`;
    const taxus = draft.lines[2]!;
    await admin.patch(url, {
      lines: draft.lines.map((l) => ({ id: l.id, quantity: l.quantity, unit_price_pence: l.id === taxus.id ? null : l.unit_price_pence })),
    });
    const unpriced = await admin.post(`${url}/send`);
    expect(unpriced.status).toBe(422);
    expect(unpriced.body.errors).toHaveProperty('lines.2.unit_price_pence');
    await admin.patch(url, {
      lines: draft.lines.map((l) => ({ id: l.id, quantity: l.quantity, unit_price_pence: l.unit_price_pence })),
      valid_until: '2026-11-27',
    });
    const today = await admin.post(`${url}/send`);
    expect(today.status).toBe(422);
    expect(today.body.errors).toHaveProperty('valid_until');
    expect((await db()('quotations').where({ id: draft.id }).first('status')).status).toBe('draft');
    expect(await db()('events').where({ name: 'quotation.sent' }).count({ n: '*' }).first()).toEqual({ n: '0' });
    await admin.patch(url, { valid_until: '2027-01-15' });
  });

  it('sends it: totals fixed, request quoted, PDF rendered in the worker, the mail with the PDF, the link and Reply-To the desk', async () => {
    const sent = await admin.post(`${base(requestId)}/quotation/${draft.id}/send`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ status: 'sent', sent_at: NOW.toISOString() });
    expect(await db()('quotations').where({ id: draft.id }).first('subtotal_pence', 'vat_pence', 'total_pence')).toEqual({
      subtotal_pence: 84_355,
      vat_pence: 17_771,
      total_pence: 106_626,
    });
    expect((await db()('quote_requests').where({ id: requestId }).first('status')).status).toBe('quoted');
    // Sent once: a second send is a conflict, and a sent quotation cannot be edited.
    expect((await admin.post(`${base(requestId)}/quotation/${draft.id}/send`)).status).toBe(409);
    expect((await admin.patch(`${base(requestId)}/quotation/${draft.id}`, { note: 'late' })).status).toBe(409);

    const mail = await waitForQuotationMail(1);
    expect(mail.to).toEqual(['jo@example.com']);
    expect(mail.replyTo).toBe('desk@nursery.test');
    expect(mail.subject).toContain(draft.reference);
    const link = /https:\/\/nursery\.test\/quotations\/(\d+)\?token=([0-9a-f]{64})/.exec(mail.text);
    expect(link?.[1]).toBe(String(draft.id));
    expectTextSaysAllHtmlSays(
      mail,
      [draft.reference, '15 January 2027', '£1,066.26', '£177.71', '£45.00', items.betula.code, 'Hornbeam', link![0]],
      [...QUOTATION_LINE_HEADERS, LINK_HINT, 'View your quotation'],
    );
    const { attachments } = await simpleParser(mail.raw);
    expect(attachments.map((a) => [a.contentType, a.filename])).toEqual([['application/pdf', `${draft.reference.replace('/', '-v')}.pdf`]]);
    const text = await pdfText(attachments[0]!.content);
    for (const fact of [
      'Quotation',
      draft.reference,
      items.acer.code,
      items.hornbeam.code,
      'SUBSTITUTE',
      '£843.55',
      '£45.00',
      'Total ex VAT',
      '£888.55',
      'VAT at 20 %',
      '£177.71',
      'Total inc VAT',
      '£1,066.26',
      '15 January 2027',
      '27 November 2026',
      'Terms',
      'Delivery on a tail-lift lorry.',
    ])
      expect(text, fact).toContain(fact);
    expect(text).toMatch(/Page 1 of 1/);

    // The guest's link opens the quotation and its PDF; nothing else does.
    const token = link![2]!;
    const guest = app.visitor();
    const read = await guest.get(`/api/quotations/${draft.id}?token=${token}`);
    expect(read.status).toBe(200);
    expect(read.body as Quotation).toMatchObject({
      id: draft.id,
      status: 'sent',
      totals: { total_pence: 106_626 },
      delivery_postcode: 'TN27 9AA',
    });
    expect(read.headers.get('cache-control')).toContain('private');
    const pdf = await guest.get((read.body as Quotation).pdf_url!);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(await pdfText(pdf.raw)).toContain(draft.reference);
    for (const wrong of ['', `?token=${'0'.repeat(64)}`, `?token=${token.slice(0, -1)}x`, `?token[]=${token}`]) {
      expect((await guest.get(`/api/quotations/${draft.id}${wrong}`)).status, wrong).toBe(404);
      expect((await guest.get(`/api/quotations/${draft.id}/pdf${wrong}`)).status, wrong).toBe(404);
    }
    const stranger = await signedIn(app.server, app.context.deps, { role: 'user' });
    expect((await stranger.get(`/api/quotations/${draft.id}`)).status).toBe(404);

    // The dashboard counts it as awaiting an answer.
    const stats = await admin.get('/api/admin/stats');
    expect(stats.body.quotations).toEqual({ awaiting: 1 });
  });

  it('revises: v2 copied from v1; sending v2 supersedes v1, which stays readable with its PDF', async () => {
    const v1 = draft;
    const revised = await admin.post(`${base(requestId)}/quotation/${v1.id}/revise`);
    expect(revised.status).toBe(201);
    const v2 = revised.body as AdminQuotation;
    expect(v2).toMatchObject({ version: 2, status: 'draft', delivery_pence: 4500, note: v1.note, valid_until: '2026-12-27' });
    expect(v2.reference).toBe(v1.reference.replace(/\/1$/, '/2'));
    expect(v2.lines.map((l) => [l.code, l.quantity, l.unit_price_pence, l.is_substitute])).toEqual(
      v1.lines.map((l) => [l.code, l.quantity, l.unit_price_pence, l.is_substitute]),
    );
    // One draft at a time.
    expect((await admin.post(`${base(requestId)}/quotation/${v1.id}/revise`)).status).toBe(409);
    expect((await admin.post(`${base(requestId)}/quotation/${v2.id}/revise`)).status).toBe(409);

    await admin.patch(`${base(requestId)}/quotation/${v2.id}`, { delivery_pence: 0 });
    expect((await admin.post(`${base(requestId)}/quotation/${v2.id}/send`)).status).toBe(200);
    const versions = (await admin.get(`${base(requestId)}/quotations`)).body as QuotationSummary[];
    expect(versions.map((v) => [v.version, v.status])).toEqual([
      [2, 'sent'],
      [1, 'superseded'],
    ]);
    const old = await admin.get(`${base(requestId)}/quotation/${v1.id}`);
    expect(old.body).toMatchObject({ status: 'superseded', totals: { total_pence: 106_626 } });
    await waitForQuotationMail(2);
    expect((await admin.get(`${base(requestId)}/quotation/${v1.id}/pdf`)).status).toBe(200);
    expect((await admin.get(`${base(requestId)}/quotation/${v2.id}/pdf`)).status).toBe(200);
  });

  it('closes an expired link', async () => {
    const [v1] = await db()('quotations').where({ quote_request_id: requestId, version: 1 }).select('id');
    const mail = quotationMails()[0]!;
    const token = /token=([0-9a-f]{64})/.exec(mail.text)![1];
    await db()('quotations').where({ id: v1.id }).update({ valid_until: '2026-11-26' });
    expect((await app.visitor().get(`/api/quotations/${v1.id}?token=${token}`)).status).toBe(404);
  });
});

describe("a signed-in buyer's quotation", () => {
  it('shows in their request, links to their account, and is theirs alone', async () => {
    const buyer = await (await signedIn(app.server, app.context.deps, { role: 'user' })).csrf();
    const requestId = await quoteRequest(buyer, [{ catalogue_item_id: items.betula.id, quantity: 10 }]);
    const draft = (await admin.post(`${base(requestId)}/quotation`)).body as AdminQuotation;
    // A draft is staff's own: the buyer sees no quotation yet.
    expect(((await buyer.get(`/api/quote-requests/${requestId}`)).body as BuyerQuoteRequestDetail).quotations).toEqual([]);
    expect((await buyer.get(`/api/quotations/${draft.id}`)).status).toBe(404);
    const count = quotationMails().length;
    expect((await admin.post(`${base(requestId)}/quotation/${draft.id}/send`)).status).toBe(200);
    const mail = await waitForQuotationMail(count + 1);
    expect(mail.text).toContain(`https://nursery.test/account/quote-requests/${requestId}`);
    expect(mail.text).not.toContain('token=');

    const detail = (await buyer.get(`/api/quote-requests/${requestId}`)).body as BuyerQuoteRequestDetail;
    expect(detail.quotations.map((q) => [q.id, q.status, q.totals.total_pence])).toEqual([[draft.id, 'sent', 10_620]]);
    expect(detail.quotations[0]!.pdf_url).toBe(`/api/quotations/${draft.id}/pdf`);
    expect((await buyer.get(`/api/quotations/${draft.id}/pdf`)).status).toBe(200);
    const other = await signedIn(app.server, app.context.deps, { role: 'user' });
    expect((await other.get(`/api/quotations/${draft.id}/pdf`)).status).toBe(404);
    expect((await other.get(`/api/quote-requests/${requestId}`)).status).toBe(404);
  });
});

describe('staff working at once', () => {
  it('opens one draft however many ask at once, and sends it once', async () => {
    const requestId = await quoteRequest(await app.visitor().csrf(), [{ catalogue_item_id: items.acer.id, quantity: 2 }]);
    const opened = await Promise.all(Array.from({ length: 5 }, () => admin.post(`${base(requestId)}/quotation`)));
    expect(opened.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(opened.map((r) => (r.body as AdminQuotation).id)).size).toBe(1);
    const id = (opened[0]!.body as AdminQuotation).id;

    const sends = await Promise.all(Array.from({ length: 3 }, () => admin.post(`${base(requestId)}/quotation/${id}/send`)));
    expect(sends.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(
      await db()('events')
        .where({ name: 'quotation.sent' })
        .whereRaw("payload->>'quotationId' = ?", [String(id)]),
    ).toHaveLength(1);
  });

  it('adds no retired line by its code', async () => {
    const requestId = await quoteRequest(await app.visitor().csrf(), [{ catalogue_item_id: items.acer.id, quantity: 2 }]);
    const draft = (await admin.post(`${base(requestId)}/quotation`)).body as AdminQuotation;
    const response = await admin.patch(`${base(requestId)}/quotation/${draft.id}`, {
      lines: [
        { id: draft.lines[0]!.id, quantity: 2 },
        { code: items.hornbeamRetired.code, quantity: 1 },
      ],
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ 'lines.1.code': [`No catalogue line has the code ${items.hornbeamRetired.code}.`] });
  });

  it('requotes nothing once a version was accepted (the orders work sets that status)', async () => {
    const requestId = await quoteRequest(await app.visitor().csrf(), [{ catalogue_item_id: items.acer.id, quantity: 2 }]);
    const draft = (await admin.post(`${base(requestId)}/quotation`)).body as AdminQuotation;
    expect((await admin.post(`${base(requestId)}/quotation/${draft.id}/send`)).status).toBe(200);
    await db()('quotations').where({ id: draft.id }).update({ status: 'accepted' });
    const revise = await admin.post(`${base(requestId)}/quotation/${draft.id}/revise`);
    expect(revise.status).toBe(409);
    expect((await admin.post(`${base(requestId)}/quotation`)).status).toBe(409);
    expect(await db()('quotations').where({ quote_request_id: requestId }).count({ n: '*' }).first()).toEqual({ n: '1' });
  });
});
