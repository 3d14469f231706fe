import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { fakeServer, reply, requestsTo } from '../test/fake-server.ts';
import type { AdminQuoteRequestDetail, QuoteRequestSummary } from '../../../../../shared/api/quotes.ts';
import { EnquiriesPage } from './enquiries-page.tsx';
import { QuoteRequestPage } from './quote-request-page.tsx';

const summary = (id: number, extra: Partial<QuoteRequestSummary> = {}): QuoteRequestSummary => ({
  id,
  reference: `Q-2026-00000${id}`,
  status: 'new',
  name: 'Ann Buyer',
  company: 'Buyer Landscapes',
  email: 'ann@example.com',
  delivery_postcode: 'TN27 0AA',
  wanted_by: '2026-12-01',
  line_count: 3,
  created_at: '2026-11-22T14:03:00Z',
  handled_at: null,
  ...extra,
});

const detail: AdminQuoteRequestDetail = {
  ...summary(7),
  telephone: '01233 000 000',
  notes: 'Please deliver before noon.',
  lines: [
    {
      id: 1,
      catalogue_item_id: 10,
      code: 'ACECAM-BR-6090',
      available: true,
      genus: 'Acer',
      species: 'campestre',
      common_name: 'Field maple',
      form: 'Bare root',
      height: '60-90',
      quantity: 2500,
      current: {
        trade: {
          price_pence: 245,
          price_breaks: [{ min_quantity: 1000, price_pence: 199 }],
          stock_status: 'in_stock',
          stock_quantity: 5000,
          ready_from: null,
        },
        unit_price_pence: 199,
        break_min_quantity: 1000,
        line_total_pence: 497_500,
      },
    },
    {
      id: 2,
      catalogue_item_id: 11,
      code: 'ILEAQU-2L-RS',
      available: true,
      genus: 'Ilex',
      species: 'aquifolium',
      common_name: 'Holly',
      form: '2L',
      height: 'Rootstock',
      quantity: 10,
      current: {
        trade: { price_pence: null, price_breaks: [], stock_status: 'ready_from', stock_quantity: null, ready_from: '2027-01-10' },
        unit_price_pence: null,
        break_min_quantity: null,
        line_total_pence: null,
      },
    },
    {
      id: 3,
      catalogue_item_id: null,
      code: 'FAGSYL-9CM-4060',
      available: false,
      genus: 'Fagus',
      species: 'sylvatica',
      common_name: 'Beech',
      form: '9cm',
      height: '40-60',
      quantity: 40,
      current: null,
    },
  ],
  estimated_total_pence: 497_500,
  unpriced_lines: 2,
};

describe('EnquiriesPage, quote requests', () => {
  it('lists quote requests of the status in the URL and switches filter and kind through the URL', async () => {
    const seen = fakeServer({
      'GET /api/admin/quote-requests': ({ url }) =>
        reply(url.searchParams.get('status') === 'quoted' ? { results: [], total: 0 } : { results: [summary(7)], total: 1 }),
      'GET /api/enquiries': () => reply({ results: [], total: 0 }),
    });
    const { router } = renderWithApp(<EnquiriesPage />, { url: '/admin/enquiries?kind=quotes&status=new' });

    const link = await screen.findByRole('link', { name: 'Q-2026-000007' });
    expect(link).toHaveAttribute('href', '/admin/quote-requests/7');
    const row = link.closest('tr')!;
    expect(row).toHaveTextContent('Ann Buyer');
    expect(row).toHaveTextContent('TN27 0AA');
    expect(within(row).getByText('New')).toBeInTheDocument();
    const first = requestsTo(seen, 'GET /api/admin/quote-requests')[0]!.url.searchParams;
    expect([first.get('status'), first.get('page')]).toEqual(['new', '0']);
    expect(
      within(screen.getByRole('navigation', { name: 'Kind of enquiry' })).getByRole('link', { name: 'Quote requests' }),
    ).toHaveAttribute('aria-current', 'page');
    expect(within(screen.getByRole('navigation', { name: 'Quote request status' })).getByRole('link', { name: 'New' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await userEvent.click(screen.getByRole('link', { name: 'Quoted' }));
    expect(await screen.findByText('No quote requests are quoted.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?kind=quotes&status=quoted');

    await userEvent.click(screen.getByRole('link', { name: 'Messages' }));
    expect(await screen.findByText('No enquiries yet.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Quote request status' })).not.toBeInTheDocument();
  });
});

describe('QuoteRequestPage', () => {
  const open = (patch: () => Response) => {
    const seen = fakeServer({
      'GET /api/admin/quote-requests/7': () => reply(detail),
      'PATCH /api/admin/quote-requests/7': patch,
    });
    renderWithApp(<QuoteRequestPage />, { url: '/admin/quote-requests/7', path: '/admin/quote-requests/:id' });
    return seen;
  };

  it("shows the buyer, the delivery, the notes and every line with today's price, availability and the estimate", async () => {
    open(() => reply(detail));
    expect(await screen.findByRole('heading', { name: 'Quote request Q-2026-000007' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ann@example.com' })).toHaveAttribute('href', 'mailto:ann@example.com');
    expect(screen.getByRole('link', { name: '01233 000 000' })).toHaveAttribute('href', 'tel:01233000000');
    expect(screen.getByText('Buyer Landscapes')).toBeInTheDocument();
    expect(screen.getByText('TN27 0AA')).toBeInTheDocument();
    expect(screen.getByText('1 Dec 2026')).toBeInTheDocument();
    expect(screen.getByText('Please deliver before noon.')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Lines of Q-2026-000007' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      [
        'ACECAM-BR-6090',
        'Acer campestreField maple',
        'Bare root',
        '60-90 cm',
        '2,500',
        '£1.99 (1,000+ break)',
        'In stock (5,000)',
        '£4,975.00',
      ],
      ['ILEAQU-2L-RS', 'Ilex aquifoliumHolly', '2L', 'Rootstock', '10', 'Price on request', 'Ready from 10 Jan 2027', '—'],
      ['FAGSYL-9CM-4060 No longer available', 'Fagus sylvaticaBeech', '9cm', '40-60 cm', '40', '—', '', '—'],
    ]);
    expect(screen.getByText(/^Estimated total/)).toHaveTextContent(
      'Estimated total £4,975.00 excl. VAT, at today’s trade prices (2 lines without a price not included)',
    );
  });

  it('saves the chosen status with PATCH and says so', async () => {
    const seen = open(() => reply({ ...detail, status: 'quoted', handled_at: '2026-11-23T09:00:00Z' }));
    const select = await screen.findByRole('combobox', { name: 'Status' });
    expect(screen.getByRole('button', { name: 'Save Status' })).toBeDisabled();
    await userEvent.selectOptions(select, 'quoted');
    await userEvent.click(screen.getByRole('button', { name: 'Save Status' }));
    expect(await screen.findByText('Saved: the request is now quoted.')).toHaveAttribute('role', 'status');
    expect(requestsTo(seen, 'PATCH /api/admin/quote-requests/7').map((r) => r.body)).toEqual([{ status: 'quoted' }]);
    // The detail is refetched after the change (the list and the dashboard count too, by tag).
    await waitFor(() => expect(requestsTo(seen, 'GET /api/admin/quote-requests/7')).toHaveLength(2));
  });

  it('lists the quotation versions, a sent one linked to its page', async () => {
    const seen = fakeServer({
      'GET /api/admin/quote-requests/7': () => reply(detail),
      'GET /api/admin/quote-requests/7/quotations': () =>
        reply([
          {
            id: 31,
            reference: 'Q-2026-000007/1',
            version: 1,
            status: 'sent',
            valid_until: '2026-12-27',
            totals: { subtotal_pence: 10_000, delivery_pence: 0, vat_pence: 2000, total_pence: 12_000 },
            sent_at: '2026-11-27T10:00:00Z',
            updated_at: '2026-11-27T10:00:00Z',
          },
        ]),
      'POST /api/admin/quote-requests/7/quotation': () => reply({ id: 32 }, 201),
    });
    renderWithApp(<QuoteRequestPage />, { url: '/admin/quote-requests/7', path: '/admin/quote-requests/:id' });
    const versions = await screen.findByRole('table', { name: 'Quotation versions' });
    expect(within(versions).getByRole('link', { name: 'Q-2026-000007/1' })).toHaveAttribute('href', '/admin/quote-requests/7/quotation/31');
    expect(versions).toHaveTextContent('£120.00');
    expect(within(versions).getByText('Sent', { selector: 'span' })).toBeInTheDocument();
    // Sent: the next version comes from Revise on its page, not from a fresh draft.
    expect(screen.queryByRole('button', { name: 'Prepare Quotation' })).not.toBeInTheDocument();
    expect(screen.getByText('To change what was sent, open the version and Revise it.')).toBeInTheDocument();
    expect(requestsTo(seen, 'POST /api/admin/quote-requests/7/quotation')).toHaveLength(0);
  });

  it('prepares the first quotation and opens it in the editor', async () => {
    const seen = fakeServer({
      'GET /api/admin/quote-requests/7': () => reply(detail),
      'GET /api/admin/quote-requests/7/quotations': () => reply([]),
      'POST /api/admin/quote-requests/7/quotation': () => reply({ id: 32 }, 201),
    });
    const { router } = renderWithApp(<QuoteRequestPage />, { url: '/admin/quote-requests/7', path: '/admin/quote-requests/:id' });
    expect(await screen.findByText('No quotation yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Prepare Quotation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/quote-requests/7/quotation/32'));
    expect(requestsTo(seen, 'POST /api/admin/quote-requests/7/quotation')).toHaveLength(1);
  });

  it('says so when the status could not be saved', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    open(() => reply({ message: 'The given data was invalid.', errors: { status: ['The selected status is invalid.'] } }, 422));
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Status' }), 'won');
    await userEvent.click(screen.getByRole('button', { name: 'Save Status' }));
    expect(await screen.findByText('The status could not be saved. Please try again.')).toHaveAttribute('role', 'alert');
  });
});
