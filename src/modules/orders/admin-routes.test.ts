import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../../shared/api/orders.ts';
import { insertCatalogueItems } from '../../../seeds/factories.ts';
import { signedIn } from '../../../test/admin.ts';
import { startMailingApp, type MailingApp } from '../../../test/harness.ts';
import type { TestClient } from '../../../test/http-client.ts';
import { expectTextSaysAllHtmlSays } from '../../../test/mail-parity.ts';
import { acceptance, insertQuotation, setStock } from '../../../test/quotations.ts';

/** Orders in the admin over HTTP: the list and its filters, status moves mailed to the buyer, cancellation, the picking list. */
let app: MailingApp;
let admin: TestClient & { userId: number };
let items: number[];

const SALES = 'sales@nursery.test';
const db = () => app.context.deps.db;
const stockOf = async (id: number) => (await db()('catalogue_items').where({ id }).first('stock_quantity')).stock_quantity as number | null;

/** A buyer's accepted quotation: the order's id and reference. */
async function placeOrder(options: { company?: string; po?: string; lines?: { catalogue_item_id: number; quantity: number }[] } = {}) {
  const buyer = await (await signedIn(app.server, app.context.deps, { role: 'user' })).csrf();
  const email = (await db()('users').where({ id: buyer.userId }).first()).email as string;
  const q = await insertQuotation(db(), {
    userId: buyer.userId,
    email,
    name: 'Jo Landscaper',
    company: options.company ?? 'Greenways Landscapes',
    lines: options.lines ?? [{ catalogue_item_id: items[0]!, quantity: 10 }],
  });
  const response = await buyer.post(`/api/quotations/${q.id}/accept`, acceptance({ po_number: options.po ?? 'PO-1' }));
  if (response.status !== 201) throw new Error(`acceptance answered ${response.status}: ${JSON.stringify(response.body)}`);
  return { ...(response.body as { id: number; reference: string }), email, buyer };
}

beforeAll(async () => {
  app = await startMailingApp({ env: { SALES_EMAIL: SALES } });
  admin = await (await signedIn(app.server, app.context.deps, { role: 'admin' })).csrf();
  items = await insertCatalogueItems(db(), [
    { genus: 'Carpinus', species: 'betulus', form: 'Bare root', height: '60-90' },
    { genus: 'Acer', species: 'campestre', form: 'Bare root', height: '40-60' },
    { genus: 'Ilex', species: 'aquifolium', form: '3L', height: '30-40' },
  ]);
  await setStock(db(), [items[0]!, items[1]!], 10_000);
  await setStock(db(), [items[2]!], null);
});
afterAll(async () => {
  await app?.close();
});

describe('GET /api/admin/orders', () => {
  it('pages newest first, filters by status and UK day, and searches reference, company and PO number', async () => {
    const a = await placeOrder({ company: 'Thornbury Estates', po: 'TB-77' });
    const b = await placeOrder({ company: 'Marsh & Co', po: '100%_done' });
    await admin.post(`/api/admin/orders/${b.id}/status`, { status: 'picking' });

    const all = await admin.get('/api/admin/orders?limit=1');
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThanOrEqual(2);
    expect(all.body.results.map((o: { id: number }) => o.id)).toEqual([b.id]);

    const ids = async (query: string) =>
      ((await admin.get(`/api/admin/orders?${query}`)).body.results as { id: number }[]).map((o) => o.id);
    expect(await ids('q=thornbury')).toEqual([a.id]);
    expect(await ids('q=tb-77')).toEqual([a.id]);
    expect(await ids(`q=${a.reference.toLowerCase()}`)).toEqual([a.id]);
    expect(await ids('q=100%25_')).toEqual([b.id]); // % and _ searched as typed
    expect(await ids('q=%25')).toEqual([b.id]);
    expect(await ids('status=picking')).toEqual([b.id]);
    expect(await ids('from=2000-01-01&to=2000-01-31')).toEqual([]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    expect(await ids(`from=${today}&to=${today}&q=Thornbury`)).toEqual([a.id]);

    for (const [query, field] of [
      ['status=lost', 'status'],
      ['from=2026-02-30', 'from'],
      ['from=2026-02-02&to=2026-02-01', 'to'],
      ['limit=1000', 'limit'],
    ]) {
      const refused = await admin.get(`/api/admin/orders?${query}`);
      expect(refused.status, query).toBe(422);
      expect(Object.keys(refused.body.errors)).toEqual([field]);
    }
  });
});

describe('moving an order through its statuses', () => {
  it('moves forward one step at a time, records who and when, mails the buyer each step with Reply-To sales', async () => {
    const order = await placeOrder({ po: 'PO-MOVE' });
    const moved = await admin.post(`/api/admin/orders/${order.id}/status`, { status: 'picking', note: 'Lifting <Tuesday>' });
    expect(moved.status).toBe(200);
    const detail = moved.body as OrderDetail;
    expect(detail.status).toBe('picking');
    expect(detail.next_statuses).toEqual(['dispatched', 'cancelled']);
    expect(detail.history.map((h) => [h.status, h.note, h.changed_by])).toEqual([
      ['confirmed', '', null],
      ['picking', 'Lifting <Tuesday>', 'Alex Gardener'],
    ]);

    const back = await admin.post(`/api/admin/orders/${order.id}/status`, { status: 'confirmed' });
    expect(back.status).toBe(409);
    expect(back.body.message).toBe('An order that is picking cannot be moved to confirmed.');
    expect((await admin.post(`/api/admin/orders/${order.id}/status`, { status: 'delivered' })).status).toBe(409);
    const bad = await admin.post(`/api/admin/orders/${order.id}/status`, { status: 'shipped' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ status: ['The selected status is invalid.'] });
    expect((await admin.post('/api/admin/orders/99999999/status', { status: 'picking' })).status).toBe(404);
    expect((await admin.post(`/api/admin/orders/${order.id}/status`, { status: 'dispatched' }, { csrf: false })).status).toBe(419);

    await admin.post(`/api/admin/orders/${order.id}/status`, { status: 'dispatched' });
    expect(await db()('order_status_changes').where({ order_id: order.id }).orderBy('id').pluck('status')).toEqual([
      'confirmed',
      'picking',
      'dispatched',
    ]);

    const subject = (label: string) => `Order ${order.reference}: ${label} (your PO PO-MOVE)`;
    await expect
      .poll(() => app.smtp.messages.filter((m) => m.subject.startsWith(`Order ${order.reference}:`)).length, { timeout: 10_000 })
      .toBe(2);
    const picking = app.smtp.messages.find((m) => m.subject === subject('being picked'))!;
    const dispatched = app.smtp.messages.find((m) => m.subject === subject('dispatched'))!;
    for (const mail of [picking, dispatched]) {
      expect(mail.to).toEqual([order.email]);
      expect(mail.replyTo).toBe(SALES);
    }
    expect(picking.html).toContain('Lifting &lt;Tuesday&gt;');
    expectTextSaysAllHtmlSays(picking, [order.reference, 'Lifting <Tuesday>', 'Being picked', '1 March 2098']);
    expect(dispatched.text).toContain('on its way');

    // The buyer sees the history, without staff's names.
    const seen = (await order.buyer.get(`/api/orders/${order.id}`)).body as OrderDetail;
    expect(seen.history.map((h) => h.status)).toEqual(['confirmed', 'picking', 'dispatched']);
    expect(seen.history.every((h) => !('changed_by' in h))).toBe(true);
  });

  it('cancels before delivery giving back only the reserved stock, once; a delivered order cannot be cancelled', async () => {
    const before = [await stockOf(items[0]!), await stockOf(items[1]!)];
    const order = await placeOrder({
      lines: [
        { catalogue_item_id: items[0]!, quantity: 30 },
        { catalogue_item_id: items[1]!, quantity: 5 },
        { catalogue_item_id: items[2]!, quantity: 7 },
      ],
    });
    expect([await stockOf(items[0]!), await stockOf(items[1]!)]).toEqual([before[0]! - 30, before[1]! - 5]);
    const cancelled = await admin.post(`/api/admin/orders/${order.id}/status`, { status: 'cancelled', note: 'Buyer rang' });
    expect(cancelled.status).toBe(200);
    expect([await stockOf(items[0]!), await stockOf(items[1]!), await stockOf(items[2]!)]).toEqual([...before, null]);
    // Twice at once or again later: one cancellation, stock given back once.
    const again = await Promise.all([1, 2].map(() => admin.post(`/api/admin/orders/${order.id}/status`, { status: 'cancelled' })));
    expect(again.map((r) => r.status)).toEqual([409, 409]);
    expect([await stockOf(items[0]!), await stockOf(items[1]!)]).toEqual(before);

    const delivered = await placeOrder();
    for (const status of ['picking', 'dispatched', 'delivered'])
      expect((await admin.post(`/api/admin/orders/${delivered.id}/status`, { status })).status).toBe(200);
    expect((await admin.post(`/api/admin/orders/${delivered.id}/status`, { status: 'cancelled' })).status).toBe(409);
  });
});

describe('the picking list and the dashboard', () => {
  it('streams a PDF with the lines by product code, quantities, delivery address, PO and wanted-by', async () => {
    const order = await placeOrder({
      po: 'PO-PICK-9',
      lines: [
        { catalogue_item_id: items[1]!, quantity: 1250 },
        { catalogue_item_id: items[0]!, quantity: 40 },
      ],
    });
    const response = await admin.get(`/api/admin/orders/${order.id}/picking-list.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain(`${order.reference}-picking-list.pdf`);
    expect(response.headers.get('cache-control')).toContain('private');
    const parser = new PDFParse({ data: response.raw });
    const text = (await parser.getText()).text.replace(/[ \t]+/g, ' ');
    await parser.destroy();
    const codes = await db()('catalogue_items').whereIn('id', [items[0]!, items[1]!]).orderBy('code').pluck<string[]>('code');
    expect(text).toContain(`Picking list ${order.reference}`);
    expect(text).toContain('PO-PICK-9');
    expect(text).toContain('1 March 2098');
    expect(text).toContain('Hothfield Road');
    expect(text).toContain('TN26 1AA');
    expect(text).toContain('1,250');
    expect(text).toContain('2 lines, 1,290 plants');
    // By product code: ACECAM… before CARBET….
    expect(text.indexOf(codes[0]!)).toBeLessThan(text.indexOf(codes[1]!));
    expect((await admin.get('/api/admin/orders/99999999/picking-list.pdf')).status).toBe(404);
    expect((await order.buyer.get(`/api/admin/orders/${order.id}/picking-list.pdf`)).status).toBe(403);
  });

  it('counts orders to pick (confirmed or being picked) on the dashboard', async () => {
    const toPick = await db()('orders').whereIn('status', ['confirmed', 'picking']).count<{ n: string }[]>({ n: '*' }).first();
    const stats = await admin.get('/api/admin/stats');
    expect(stats.body.orders).toEqual({ to_pick: Number(toPick!.n) });
    await placeOrder();
    expect((await admin.get('/api/admin/stats')).body.orders).toEqual({ to_pick: Number(toPick!.n) + 1 });
  });
});
