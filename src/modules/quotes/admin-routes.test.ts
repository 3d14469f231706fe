import { describe, expect, it } from 'vitest';
import { insertCatalogueItems } from '../../../seeds/factories.ts';
import { signedIn } from '../../../test/admin.ts';
import { guestRequest, quoteRequestsAppForThisFile } from '../../../test/quote-requests.ts';
import { insertTradeApplication } from '../../../test/trade.ts';

/** Staff's quote requests: each line priced from the catalogue for staff alone, and the admin inbox. */
const { app, ids, db, visitor, buyer } = quoteRequestsAppForThisFile();

describe("staff's view of a request's prices", () => {
  it("shows each line's trade price for its quantity, availability, totals and an estimate ex VAT; buyers get none of it", async () => {
    const [broken, listed, unpriced, gone] = await insertCatalogueItems(db(), [
      { genus: 'Carpinus', species: 'betulus', common_name: 'Hornbeam', form: 'Bare root', height: '60-90' },
      { genus: 'Ilex', species: 'aquifolium', common_name: 'Holly', form: '2L', height: '40-60' },
      { genus: 'Taxus', species: 'baccata', common_name: 'Yew', form: '3L', height: '40-60' },
      { genus: 'Sorbus', species: 'aria', common_name: 'Whitebeam', form: '10L', height: '175-200' },
    ]);
    const trade = (id: number, fields: Record<string, unknown>) => db()('catalogue_items').where({ id }).update(fields);
    await trade(broken!, {
      price_pence: 245,
      price_breaks: JSON.stringify([
        { min_quantity: 100, price_pence: 220 },
        { min_quantity: 500, price_pence: 199 },
      ]),
      stock_status: 'in_stock',
      stock_quantity: 5000,
    });
    await trade(listed!, {
      price_pence: 450,
      price_breaks: JSON.stringify([{ min_quantity: 50, price_pence: 400 }]),
      stock_status: 'ready_from',
      ready_from: '2027-01-10',
    });

    const owner = await buyer();
    await insertTradeApplication(db(), owner.userId, 'approved');
    const lines = [
      { catalogue_item_id: broken, quantity: 600 },
      { catalogue_item_id: listed, quantity: 10 },
      { catalogue_item_id: unpriced, quantity: 5 },
      { catalogue_item_id: gone, quantity: 2 },
    ];
    const { id } = (await owner.post('/api/quote-requests', { lines, delivery_postcode: 'TN27 9AA' })).body;
    await db()('catalogue_items').where({ id: gone }).delete();

    const admin = await signedIn(app().server, app().context.deps, { role: 'admin' });
    const detail = await admin.get(`/api/admin/quote-requests/${id}`);
    expect(detail.status).toBe(200);
    const [first, second, third, fourth] = detail.body.lines;
    expect(first).toMatchObject({
      quantity: 600,
      current: {
        trade: { price_pence: 245, stock_status: 'in_stock', stock_quantity: 5000 },
        unit_price_pence: 199,
        break_min_quantity: 500,
        line_total_pence: 119_400,
      },
    });
    expect(second.current).toMatchObject({
      trade: { stock_status: 'ready_from', ready_from: '2027-01-10' },
      unit_price_pence: 450,
      break_min_quantity: null,
      line_total_pence: 4500,
    });
    expect(third.current).toMatchObject({ trade: { price_pence: null }, unit_price_pence: null, line_total_pence: null });
    expect(fourth).toMatchObject({ genus: 'Sorbus', catalogue_item_id: null, current: null });
    expect(detail.body).toMatchObject({ estimated_total_pence: 123_900, unpriced_lines: 2 });
    // A status change answers with the same priced view.
    // (won, not quoted: the inbox test below counts the quoted ones.)
    expect((await admin.patch(`/api/admin/quote-requests/${id}`, { status: 'won' })).body).toMatchObject({
      status: 'won',
      estimated_total_pence: 123_900,
    });

    // The buyer, approved or not, reads their request without staff's pricing; the admin route is closed to them.
    const own = await owner.get(`/api/quote-requests/${id}`);
    expect(own.status).toBe(200);
    expect(own.body).not.toHaveProperty('estimated_total_pence');
    expect(own.body.lines.every((line: object) => !('current' in line) && !('trade' in line))).toBe(true);
    expect((await owner.get(`/api/admin/quote-requests/${id}`)).status).toBe(403);
    expect((await (await visitor()).get(`/api/admin/quote-requests/${id}`)).status).toBe(401);
  });
});

describe('the admin quote inbox', () => {
  it('lists with line counts, filters by status, shows lines, sets the status and counts open requests', async () => {
    const admin = await signedIn(app().server, app().context.deps, { role: 'admin' });
    const created = (
      await (
        await visitor()
      ).post(
        '/api/quote-requests',
        guestRequest([
          { catalogue_item_id: ids()[0], quantity: 9 },
          { catalogue_item_id: ids()[1], quantity: 4 },
        ]),
      )
    ).body;
    const open = await db()('quote_requests').where({ status: 'new' }).count({ n: '*' }).first();
    expect((await admin.get('/api/admin/stats')).body.quotes).toEqual({ open: Number(open!.n) });

    const list = await admin.get('/api/admin/quote-requests?status=new&limit=100');
    expect(list.status).toBe(200);
    expect(list.body.results[0]).toMatchObject({
      id: created.id,
      reference: created.reference,
      status: 'new',
      line_count: 2,
      company: 'Greenways & Co',
    });
    expect(list.body.results.every((r: { status: string }) => r.status === 'new')).toBe(true);

    const detail = await admin.get(`/api/admin/quote-requests/${created.id}`);
    expect(detail.body).toMatchObject({ telephone: '01233 555 123', wanted_by: '2027-02-15', notes: expect.stringContaining('back gate') });
    expect(detail.body.lines.map((l: { quantity: number }) => l.quantity)).toEqual([9, 4]);
    expect(detail.body).not.toHaveProperty('ip');

    const quoted = await admin.patch(`/api/admin/quote-requests/${created.id}`, { status: 'quoted' });
    expect(quoted.status).toBe(200);
    expect(quoted.body).toMatchObject({ status: 'quoted', handled_at: expect.any(String) });
    expect((await admin.get('/api/admin/quote-requests?status=quoted')).body.results.map((r: { id: number }) => r.id)).toEqual([
      created.id,
    ]);
    expect((await admin.get('/api/admin/stats')).body.quotes).toEqual({ open: Number(open!.n) - 1 });

    const bad = await admin.patch(`/api/admin/quote-requests/${created.id}`, { status: 'maybe' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ status: ['The selected status is invalid.'] });
    expect((await admin.get('/api/admin/quote-requests?status=maybe')).status).toBe(422);
    expect((await admin.get('/api/admin/quote-requests/999999')).status).toBe(404);
    expect((await admin.patch('/api/admin/quote-requests/999999', { status: 'won' })).status).toBe(404);
  });
});
