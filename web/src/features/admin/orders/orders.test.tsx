import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OrderDetail, OrderSummary } from '../../../../../shared/api/orders.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { fakeServer, reply } from '../test/fake-server.ts';
import { OrderPage } from './order-page.tsx';
import { OrdersPage } from './orders-page.tsx';

const summary = (id: number, extra: Partial<OrderSummary> = {}): OrderSummary => ({
  id,
  reference: `SO-2026-00000${id}`,
  quotation_reference: `Q-2026-00000${id}/1`,
  status: 'confirmed',
  name: 'Ann Buyer',
  company: 'Buyer Landscapes',
  po_number: `PO-${id}`,
  wanted_by: '2026-12-01',
  total_pence: 123_456,
  line_count: 2,
  created_at: '2026-11-22T14:03:00Z',
  ...extra,
});

const detail = (extra: Partial<OrderDetail> = {}): OrderDetail => ({
  ...summary(7),
  email: 'ann@example.com',
  delivery_address: 'Plot 4, Hothfield Road\nAshford',
  delivery_postcode: 'TN26 1AA',
  subtotal_pence: 98_880,
  delivery_pence: 5_000,
  vat_pence: 19_576,
  lines: [
    {
      id: 1,
      position: 1,
      catalogue_item_id: 10,
      code: 'ACECAM-BR-6090',
      genus: 'Acer',
      species: 'campestre',
      common_name: 'Field maple',
      form: 'Bare root',
      height: '60-90',
      quantity: 2500,
      unit_price_pence: 38,
      line_total_pence: 95_000,
      reserved: true,
    },
  ],
  history: [{ status: 'confirmed', note: '', created_at: '2026-11-22T14:03:00Z', changed_by: null }],
  next_statuses: ['picking', 'cancelled'],
  ...extra,
});

describe('OrdersPage (admin)', () => {
  it('lists orders with customer, PO, wanted-by, total and status, and filters and searches through the URL', async () => {
    const seen = fakeServer({
      'GET /api/admin/orders': (request) =>
        reply(
          request.url.searchParams.get('q') === 'PO-8'
            ? { results: [summary(8, { status: 'picking' })], total: 1 }
            : { results: [summary(7), summary(8, { status: 'picking' })], total: 2 },
        ),
    });
    const { router } = renderWithApp(<OrdersPage />, { url: '/admin/orders' });
    const table = await screen.findByRole('table', { name: 'Orders, newest first, page 1' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('SO-2026-000007');
    expect(rows[0]).toHaveTextContent('Buyer Landscapes');
    expect(rows[0]).toHaveTextContent('PO-7');
    expect(rows[0]).toHaveTextContent('1 Dec 2026');
    expect(rows[0]).toHaveTextContent('£1,234.56');
    expect(rows[1]).toHaveTextContent('Being picked');
    expect(within(rows[0]!).getByRole('link', { name: 'SO-2026-000007' })).toHaveAttribute('href', '/admin/orders/7');
    expect(seen[0]?.url.search).toBe('?limit=20&page=0');

    const form = screen.getByRole('search', { name: 'Filter orders' });
    await userEvent.selectOptions(within(form).getByLabelText('Status'), 'Being picked');
    await userEvent.type(within(form).getByLabelText('Reference, company or PO'), 'PO-8');
    await userEvent.click(within(form).getByRole('button', { name: 'Show orders' }));
    expect(router.state.location.search).toBe('?status=picking&q=PO-8');
    await expect.poll(() => within(screen.getByRole('table')).getAllByRole('row').length).toBe(2);
    expect(seen.at(-1)?.url.searchParams.get('status')).toBe('picking');
    expect(seen.at(-1)?.url.searchParams.get('q')).toBe('PO-8');
  });

  it('shows the server’s message for a filter it refuses', async () => {
    fakeServer({
      'GET /api/admin/orders': () =>
        reply(
          { message: 'The from date must not be after the to date.', errors: { to: ['The from date must not be after the to date.'] } },
          422,
        ),
    });
    renderWithApp(<OrdersPage />, { url: '/admin/orders?from=2026-02-02&to=2026-02-01' });
    expect(await screen.findByText('The from date must not be after the to date.')).toBeInTheDocument();
  });
});

describe('OrderPage (admin)', () => {
  it('shows the order, its lines and history, links the picking list, and moves it on with a note', async () => {
    let current = detail();
    const seen = fakeServer({
      'GET /api/admin/orders/7': () => reply(current),
      'POST /api/admin/orders/7/status': (request) => {
        current = detail({
          status: 'picking',
          next_statuses: ['dispatched', 'cancelled'],
          history: [
            ...current.history,
            { status: 'picking', note: 'Tuesday', created_at: '2026-11-23T08:00:00Z', changed_by: 'Sam Staff' },
          ],
        });
        expect(request.body).toEqual({ status: 'picking', note: 'Tuesday' });
        return reply(current);
      },
    });
    renderWithApp(<OrderPage />, { url: '/admin/orders/7', path: '/admin/orders/:id' });
    expect(await screen.findByRole('heading', { name: 'Order SO-2026-000007' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Picking list (PDF)' })).toHaveAttribute('href', '/api/admin/orders/7/picking-list.pdf');
    expect(screen.getByText('PO-7')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Lines of order SO-2026-000007' })).getByText('ACECAM-BR-6090')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Order history' })).getAllByRole('listitem')[0]).toHaveTextContent(
      'Confirmed 22 Nov 2026 14:03 (by the buyer)',
    );

    await userEvent.type(screen.getByLabelText('Note to the buyer (optional)'), 'Tuesday');
    await userEvent.click(screen.getByRole('button', { name: 'Start picking' }));
    expect(await screen.findByText('Saved: the order is now being picked; the buyer is being mailed.')).toBeInTheDocument();
    // The saved message comes with the answer; the history and buttons with the order read after it.
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Order history' })).getAllByRole('listitem')[1]).toHaveTextContent(
        'Being picked 23 Nov 2026 08:00 by Sam Staff — Tuesday',
      ),
    );
    expect(await screen.findByRole('button', { name: 'Mark dispatched' })).toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('asks before cancelling, and shows the server’s refusal', async () => {
    const seen = fakeServer({
      'GET /api/admin/orders/7': () => reply(detail()),
      'POST /api/admin/orders/7/status': () => reply({ message: 'An order that is delivered cannot be moved to cancelled.' }, 409),
    });
    renderWithApp(<OrderPage />, { url: '/admin/orders/7', path: '/admin/orders/:id' });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order SO-2026-000007?' });
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('An order that is delivered cannot be moved to cancelled.')).toBeInTheDocument();
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({ status: 'cancelled', note: '' });
  });

  it('says when the order moves no further, and when there is no such order', async () => {
    fakeServer({
      'GET /api/admin/orders/7': () => reply(detail({ status: 'delivered', next_statuses: [] })),
      'GET /api/admin/orders/9': () => reply({ message: 'Not found.' }, 404),
    });
    const { unmount } = renderWithApp(<OrderPage />, { url: '/admin/orders/7', path: '/admin/orders/:id' });
    expect(await screen.findByText('This order is delivered: it moves no further.')).toBeInTheDocument();
    unmount();
    renderWithApp(<OrderPage />, { url: '/admin/orders/9', path: '/admin/orders/:id' });
    expect(await screen.findByText('There is no such order.')).toBeInTheDocument();
  });
});
