import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../../../shared/api/orders.ts';
import { json, mockServer } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import { OrderLinkPage } from './order-link-page.tsx';

const order: OrderDetail = {
  id: 42,
  reference: 'SO-2026-000042',
  quotation_reference: 'Q-2026-000004/2',
  status: 'picking',
  name: 'Jo Buyer',
  company: 'Greenways',
  email: 'jo@example.com',
  po_number: 'PO-4471',
  wanted_by: '2027-03-01',
  total_pence: 56_100,
  line_count: 1,
  created_at: '2026-11-27T10:00:00Z',
  delivery_address: 'Site office\nHothfield Road',
  delivery_postcode: 'TN26 1AA',
  subtotal_pence: 41_750,
  delivery_pence: 5_000,
  vat_pence: 9_350,
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
      unit_price_pence: 167,
      line_total_pence: 41_750,
      reserved: true,
    },
  ],
  history: [
    { status: 'confirmed', note: '', created_at: '2026-11-27T10:00:00Z' },
    { status: 'picking', note: 'Lifting this week', created_at: '2026-11-30T09:00:00Z' },
  ],
};

describe('OrderLinkPage (/orders/:id?token=)', () => {
  it("reads the order with the quotation link's token and shows its progress, lines and totals, read-only", async () => {
    const seen = mockServer({ 'GET /api/orders/42': () => json(order) });
    renderWithApp(<OrderLinkPage />, { url: '/orders/42?token=abc', path: '/orders/:id' });
    expect(await screen.findByRole('heading', { name: 'Order SO-2026-000042' })).toBeInTheDocument();
    expect(seen.find((request) => request.url.pathname === '/api/orders/42')!.url.search).toBe('?token=abc');
    expect(screen.getByText('Being picked', { selector: 'dd' })).toHaveAttribute('data-status', 'picking');
    expect(screen.getByText('PO-4471')).toBeInTheDocument();
    expect(screen.getByText(/Hothfield Road/)).toHaveTextContent('Site office Hothfield Road TN26 1AA');
    expect(
      within(screen.getByRole('list', { name: 'Order progress' }))
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['Confirmed on 27 Nov 2026', 'Being picked on 30 Nov 2026 — Lifting this week']);
    const row = within(screen.getByRole('table', { name: 'Ordered lines' })).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('CARBET-BR-6090 Carpinus betulus (Hornbeam), Bare root, 60-90 cm');
    expect(row).toHaveTextContent('£417.50');
    expect(screen.getByLabelText('Totals')).toHaveTextContent('Total inc VAT£561.00');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says "not found" for a wrong link, and for no link without an account', async () => {
    mockServer({ 'GET /api/orders/42': (request) => json({ message: 'Not found.' }, request.url.search ? 404 : 401) });
    renderWithApp(<OrderLinkPage />, { url: '/orders/42?token=bad', path: '/orders/:id' });
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
  });
});
