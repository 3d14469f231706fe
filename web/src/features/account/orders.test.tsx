import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../lib/store.ts';
import { json, mockServer } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import type { OrderDetail, OrderSummary } from '../../../../shared/api/orders.ts';
import { OrderPage } from './order-page.tsx';
import { OrdersPage } from './orders-page.tsx';

const summary: OrderSummary = {
  id: 8,
  reference: 'SO-2026-000008',
  quotation_reference: 'Q-2026-000004/1',
  status: 'dispatched',
  name: 'Pat Grower',
  company: 'Greenways',
  po_number: 'PO-4471',
  wanted_by: '2027-03-01',
  total_pence: 76_860,
  line_count: 2,
  created_at: '2026-11-20T10:00:00Z',
};

const detail: OrderDetail = {
  ...summary,
  email: 'pat@example.com',
  delivery_address: 'Site office, Plot 4\nAshford',
  delivery_postcode: 'TN26 1AA',
  subtotal_pence: 59_050,
  delivery_pence: 5_000,
  vat_pence: 12_810,
  lines: [
    {
      id: 1,
      position: 1,
      catalogue_item_id: 11,
      code: 'CARBET-BR-6090',
      genus: 'Carpinus',
      species: 'betulus',
      common_name: 'Hornbeam',
      form: 'Bare root',
      height: '60-90',
      quantity: 250,
      unit_price_pence: 185,
      line_total_pence: 46_250,
      reserved: true,
    },
    {
      id: 2,
      position: 2,
      catalogue_item_id: 12,
      code: 'FAGSYL-BR-4060',
      genus: 'Fagus',
      species: 'sylvatica',
      common_name: 'Beech',
      form: 'Bare root',
      height: '40-60',
      quantity: 40,
      unit_price_pence: 320,
      line_total_pence: 12_800,
      reserved: true,
    },
  ],
  history: [
    { status: 'confirmed', note: '', created_at: '2026-11-20T10:00:00Z' },
    { status: 'picking', note: '', created_at: '2026-11-23T08:00:00Z' },
    { status: 'dispatched', note: 'On the Tuesday lorry', created_at: '2026-11-24T07:30:00Z' },
  ],
};

const csrf = {
  'GET /sanctum/csrf-cookie': () => {
    document.cookie = 'XSRF-TOKEN=t0ken; path=/';
    return json(null, 204);
  },
};

describe('OrdersPage', () => {
  it('lists the buyer’s orders with reference, date, status, total and PO', async () => {
    const seen = mockServer({
      'GET /api/orders': () =>
        json({ results: [summary, { ...summary, id: 7, reference: 'SO-2026-000007', status: 'picking' }], total: 2 }),
    });
    renderWithApp(<OrdersPage />);
    const items = within(await screen.findByRole('list', { name: 'Your orders' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'SO-2026-000008' })).toHaveAttribute('href', '/account/orders/8');
    expect(items[0]).toHaveTextContent('Placed20 Nov 2026StatusDispatchedTotal£768.60Your PO PO-4471');
    expect(items[1]).toHaveTextContent('StatusBeing picked');
    expect(seen[0]?.url.search).toBe('?page=0&limit=20');
  });

  it('says when there is none yet', async () => {
    mockServer({ 'GET /api/orders': () => json({ results: [], total: 0 }) });
    renderWithApp(<OrdersPage />);
    expect(await screen.findByText(/You have no orders yet/)).toBeInTheDocument();
  });
});

describe('OrderPage', () => {
  const renderDetail = (id: number | string) => {
    const router = createMemoryRouter(
      [
        { path: '/account/orders/:id', element: <OrderPage /> },
        { path: '/plant-list', element: <h1>Plant list</h1> },
      ],
      { initialEntries: [`/account/orders/${id}`] },
    );
    render(
      <Provider store={makeStore()}>
        <RouterProvider router={router} />
      </Provider>,
    );
    return router;
  };

  it('shows the status history with dates, the lines and totals, and copies the order into the plant list', async () => {
    const copied = { added: [{ line_id: 1, quantity: 250 }], merged: [{ line_id: 2, before: 10, after: 50 }], skipped: [] };
    const seen = mockServer({
      ...csrf,
      'GET /api/orders/8': () => json(detail),
      'POST /api/orders/8/copy': () => json({ list: { lines: [], count: 2 }, copied }),
    });
    renderDetail(8);
    expect(await screen.findByRole('heading', { name: 'Order SO-2026-000008' })).toBeInTheDocument();
    const progress = within(screen.getByRole('list', { name: 'Order progress' })).getAllByRole('listitem');
    expect(progress.map((step) => step.textContent)).toEqual([
      'Confirmed on 20 Nov 2026',
      'Being picked on 23 Nov 2026',
      'Dispatched on 24 Nov 2026 — On the Tuesday lorry',
    ]);
    const row = within(screen.getByRole('table', { name: 'Ordered lines' })).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('CARBET-BR-6090 Carpinus betulus (Hornbeam), Bare root, 60-90 cm250£1.85£462.50');
    expect(screen.getByText('1 Mar 2027')).toBeInTheDocument();
    expect(screen.getByText('£768.60')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Copy into my plant list' }));
    const copiedSummary = await screen.findByRole('status', { name: 'Copied 2 lines into your plant list' });
    expect(copiedSummary).toHaveFocus();
    expect(
      within(copiedSummary)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual([
      'CARBET-BR-6090 Carpinus betulus, Bare root, 60-90 cm: added × 250',
      'FAGSYL-BR-4060 Fagus sylvatica, Bare root, 40-60 cm: already on your list with 10; now 50',
    ]);
    expect(seen.filter((request) => request.method === 'POST').map((request) => request.url.pathname)).toEqual(['/api/orders/8/copy']);
  });

  it('copies the order into a new list named after it', async () => {
    const copied = { added: [{ line_id: 1, quantity: 250 }], merged: [], skipped: [] };
    const seen = mockServer({
      ...csrf,
      'GET /api/orders/8': () => json(detail),
      'POST /api/orders/8/copy': () => json({ list: { lines: [], count: 1 }, copied, new_list: { id: 12, name: 'Order SO-2026-000008' } }),
    });
    const router = renderDetail(8);
    await userEvent.click(await screen.findByRole('button', { name: 'Copy into a new list' }));
    const summary = await screen.findByRole('status', { name: 'Copied 1 line into the new list “Order SO-2026-000008”' });
    expect(summary).toHaveFocus();
    const post = seen.find((request) => request.method === 'POST')!;
    expect(post.body).toEqual({ new_list: true });
    await userEvent.click(within(summary).getByRole('link', { name: 'Go to my plant list' }));
    expect(router.state.location.pathname).toBe('/plant-list');
  });

  it('says "not found" for someone else’s order (the server’s 404) and for a bad id', async () => {
    mockServer({ 'GET /api/orders/5': () => json({ message: 'Not found.' }, 404) });
    renderDetail(5);
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
  });
});
