import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../test/admin.ts';

const app = useAdminApp();
let lines = 0;
/** A new line each time: the catalogue holds one active line per plant, form and height. */
const newLine = () => ({ genus: 'Acer', species: `campestre ${++lines}`, form: '10L', height: '175-200' });

describe('staff edit trade prices and availability', () => {
  it('creates, changes and clears the trade fields, and shows them back', async () => {
    const created = await app.admin.post('/api/catalogue', {
      ...newLine(),
      price_pence: 1250,
      price_breaks: [
        { min_quantity: 10, price_pence: 1100 },
        { min_quantity: 50, price_pence: 990 },
      ],
      stock_status: 'in_stock',
      stock_quantity: 300,
    });
    expect(created.status).toBe(201);
    expect(created.body.trade).toEqual({
      price_pence: 1250,
      price_breaks: [
        { min_quantity: 10, price_pence: 1100 },
        { min_quantity: 50, price_pence: 990 },
      ],
      stock_status: 'in_stock',
      stock_quantity: 300,
      ready_from: null,
    });
    const id = created.body.id as number;
    const patched = await app.admin.patch(`/api/catalogue/${id}`, {
      stock_status: 'ready_from',
      ready_from: '2027-03-01',
      price_breaks: null,
    });
    expect(patched.body.trade).toMatchObject({ price_pence: 1250, price_breaks: [], stock_status: 'ready_from', ready_from: '2027-03-01' });
    expect((await app.admin.patch(`/api/catalogue/${id}`, { price_pence: null })).body.trade.price_pence).toBeNull();
    const listed = await app.admin.get('/api/catalogue?match=exact&q=campestre');
    expect(listed.body.results[0].trade).toMatchObject({ stock_status: 'ready_from', ready_from: '2027-03-01' });
  });

  it.each([
    ['price_pence', -1, 'The price cannot be negative.'],
    ['price_pence', 10_000_001, 'The price may not be more than £100,000.00.'],
    ['price_pence', 'cheap', 'The price must be a whole number of pence.'],
    ['price_pence', 12.5, 'The price must be a whole number of pence.'],
    ['price_breaks', [{ min_quantity: 10, price_pence: -5 }], 'The break price cannot be negative.'],
    ['stock_quantity', -5, 'The stock quantity must be at least 0.'],
    ['stock_status', 'plenty', 'The stock status must be one of: in_stock, limited, ready_from, out_of_stock.'],
    ['ready_from', '2027-02-30', 'The ready from date must be a real date.'],
    ['ready_from', 'next spring', 'The ready from date must be a date (YYYY-MM-DD).'],
    [
      'price_breaks',
      [
        { min_quantity: 50, price_pence: 900 },
        { min_quantity: 10, price_pence: 1000 },
      ],
      'The price breaks must be in ascending order of quantity, each quantity once.',
    ],
    ['price_breaks', 'lots', 'The price breaks must be a list of {min_quantity, price_pence}.'],
  ])('refuses %s = %j with a 422 and changes nothing', async (field, value, message) => {
    const created = await app.admin.post('/api/catalogue', { ...newLine(), price_pence: 700 });
    const bad = await app.admin.patch(`/api/catalogue/${created.body.id}`, { [field]: value });
    expect(bad.status).toBe(422);
    expect(Object.values(bad.body.errors).flat()).toContain(message);
    expect((await app.context.deps.db('catalogue_items').where({ id: created.body.id }).first()).price_pence).toBe(700);
  });

  it('refuses a break from a single plant', async () => {
    const bad = await app.admin.post('/api/catalogue', { ...newLine(), price_breaks: [{ min_quantity: 1, price_pence: 100 }] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors['price_breaks.0.min_quantity']).toEqual(['The break quantity must be at least 2.']);
  });
});

describe('the ready-from rule', () => {
  const REQUIRED = 'The ready from date is required when the stock status is ready_from.';
  const NEEDS_STATUS = 'A ready from date needs the stock status ready_from.';
  const stored = async (id: number) =>
    (await app.context.deps
      .db('catalogue_items')
      .where({ id })
      .first('stock_status', app.context.deps.db.raw(`to_char(ready_from, 'YYYY-MM-DD') AS ready_from`))) as {
      stock_status: string | null;
      ready_from: string | null;
    };
  const create = async (trade: Record<string, unknown>, species?: string) => {
    const created = await app.admin.post('/api/catalogue', { ...newLine(), ...(species ? { species } : {}), ...trade });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id as number;
  };

  it.each([
    [{ stock_status: 'ready_from' }, REQUIRED],
    [{ stock_status: 'ready_from', ready_from: null }, REQUIRED],
    [{ ready_from: '2027-03-01' }, NEEDS_STATUS],
    [{ stock_status: null, ready_from: '2027-03-01' }, NEEDS_STATUS],
  ])('refuses to create a line with %j, on ready_from', async (trade, message) => {
    const bad = await app.admin.post('/api/catalogue', { ...newLine(), species: 'refused', ...trade });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ ready_from: [message] });
    expect(await app.context.deps.db('catalogue_items').where({ species: 'refused' })).toEqual([]);
  });

  it('clears the date of a line created with another status', async () => {
    const id = await create({ stock_status: 'in_stock', ready_from: '2027-03-01' });
    expect(await stored(id)).toEqual({ stock_status: 'in_stock', ready_from: null });
  });

  it('counts the stored status or date when a patch sends only the other', async () => {
    const coming = await create({ stock_status: 'ready_from', ready_from: '2027-03-01' }, 'coming');
    const inStock = await create({ stock_status: 'in_stock', stock_quantity: 40 }, 'stocked');

    // The date alone: fine on a "ready from" line, refused on one in stock.
    expect((await app.admin.patch(`/api/catalogue/${coming}`, { ready_from: '2027-04-01' })).body.trade.ready_from).toBe('2027-04-01');
    const dateAlone = await app.admin.patch(`/api/catalogue/${inStock}`, { ready_from: '2027-04-01' });
    expect([dateAlone.status, dateAlone.body.errors]).toEqual([422, { ready_from: [NEEDS_STATUS] }]);

    // The status alone: keeps the stored date; without one stored it is refused.
    expect((await app.admin.patch(`/api/catalogue/${coming}`, { stock_status: 'ready_from' })).body.trade.ready_from).toBe('2027-04-01');
    const statusAlone = await app.admin.patch(`/api/catalogue/${inStock}`, { stock_status: 'ready_from' });
    expect([statusAlone.status, statusAlone.body.errors]).toEqual([422, { ready_from: [REQUIRED] }]);
    expect(await stored(inStock)).toEqual({ stock_status: 'in_stock', ready_from: null });

    // Clearing the date of a "ready from" line is refused; moving it to another status clears the date.
    const cleared = await app.admin.patch(`/api/catalogue/${coming}`, { ready_from: null });
    expect([cleared.status, cleared.body.errors]).toEqual([422, { ready_from: [REQUIRED] }]);
    expect(await stored(coming)).toEqual({ stock_status: 'ready_from', ready_from: '2027-04-01' });
    const ready = await app.admin.patch(`/api/catalogue/${coming}`, { stock_status: 'in_stock' });
    expect(ready.body.trade).toMatchObject({ stock_status: 'in_stock', ready_from: null });
    expect(await stored(coming)).toEqual({ stock_status: 'in_stock', ready_from: null });
  });

  it('leaves a patch that touches neither field alone, even on a line stored before the rule', async () => {
    const legacy = await create({}, 'legacy');
    await app.context.deps.db('catalogue_items').where({ id: legacy }).update({ stock_status: 'ready_from' });
    const renamed = await app.admin.patch(`/api/catalogue/${legacy}`, { common_name: 'Field maple' });
    expect(renamed.status).toBe(200);
  });

  it('answers 404, not 422, for a patch of a line that does not exist', async () => {
    expect((await app.admin.patch('/api/catalogue/999999', { stock_status: 'ready_from' })).status).toBe(404);
  });
});
