import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../test/admin.ts';

const app = useAdminApp();
const line = { genus: 'Acer', species: 'campestre', form: '10L', height: '175-200' };

describe('staff edit trade prices and availability', () => {
  it('creates, changes and clears the trade fields, and shows them back', async () => {
    const created = await app.admin.post('/api/catalogue', {
      ...line,
      price_pence: 1250,
      price_breaks: [{ min_quantity: 10, price_pence: 1100 }, { min_quantity: 50, price_pence: 990 }],
      stock_status: 'in_stock',
      stock_quantity: 300,
    });
    expect(created.status).toBe(201);
    expect(created.body.trade).toEqual({
      price_pence: 1250,
      price_breaks: [{ min_quantity: 10, price_pence: 1100 }, { min_quantity: 50, price_pence: 990 }],
      stock_status: 'in_stock',
      stock_quantity: 300,
      ready_from: null,
    });
    const id = created.body.id as number;
    const patched = await app.admin.patch(`/api/catalogue/${id}`, { stock_status: 'ready_from', ready_from: '2027-03-01', price_breaks: null });
    expect(patched.body.trade).toMatchObject({ price_pence: 1250, price_breaks: [], stock_status: 'ready_from', ready_from: '2027-03-01' });
    expect((await app.admin.patch(`/api/catalogue/${id}`, { price_pence: null })).body.trade.price_pence).toBeNull();
    const listed = await app.admin.get('/api/catalogue?match=exact&q=campestre');
    expect(listed.body.results[0].trade).toMatchObject({ stock_status: 'ready_from', ready_from: '2027-03-01' });
  });

  it.each([
    ['price_pence', -1, 'The price must be at least 0.'],
    ['price_pence', 10_000_001, 'The price may not be greater than 10000000.'],
    ['price_pence', 'cheap', 'The price must be a whole number.'],
    ['price_pence', 12.5, 'The price must be a whole number.'],
    ['stock_quantity', -5, 'The stock quantity must be at least 0.'],
    ['stock_status', 'plenty', 'The stock status must be one of: in_stock, limited, ready_from, out_of_stock.'],
    ['ready_from', '2027-02-30', 'The ready from date must be a real date.'],
    ['ready_from', 'next spring', 'The ready from date must be a date (YYYY-MM-DD).'],
    ['price_breaks', [{ min_quantity: 50, price_pence: 900 }, { min_quantity: 10, price_pence: 1000 }], 'The price breaks must be in ascending order of quantity, each quantity once.'],
    ['price_breaks', 'lots', 'The price breaks must be a list of {min_quantity, price_pence}.'],
  ])('refuses %s = %j with a 422 and changes nothing', async (field, value, message) => {
    const created = await app.admin.post('/api/catalogue', { ...line, price_pence: 700 });
    const bad = await app.admin.patch(`/api/catalogue/${created.body.id}`, { [field]: value });
    expect(bad.status).toBe(422);
    expect(Object.values(bad.body.errors).flat()).toContain(message);
    expect((await app.context.deps.db('catalogue_items').where({ id: created.body.id }).first()).price_pence).toBe(700);
  });

  it('refuses a break from a single plant', async () => {
    const bad = await app.admin.post('/api/catalogue', { ...line, price_breaks: [{ min_quantity: 1, price_pence: 100 }] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors['price_breaks.0.min_quantity']).toEqual(['The break quantity must be at least 2.']);
  });
});
