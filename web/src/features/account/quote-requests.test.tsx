import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../lib/store.ts';
import { json, mockServer } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import type { QuoteRequestDetail, QuoteRequestSummary } from '../../../../shared/api/quotes.ts';
import { sentQuotation } from '../../test/quotation-fixture.ts';
import { QuoteRequestPage } from './quote-request-page.tsx';
import { QuoteRequestsPage } from './quote-requests-page.tsx';

const summary: QuoteRequestSummary = {
  id: 4,
  reference: 'Q-2026-000004',
  status: 'quoted',
  name: 'Pat Grower',
  company: '',
  email: 'pat@example.com',
  delivery_postcode: 'TN27 0AB',
  wanted_by: '2027-03-01',
  line_count: 2,
  created_at: '2026-11-20T10:00:00Z',
  handled_at: '2026-11-21T09:00:00Z',
};

const detail: QuoteRequestDetail = {
  ...summary,
  telephone: '',
  notes: 'Before noon, please.',
  lines: [
    {
      id: 1,
      catalogue_item_id: 11,
      code: 'ACECAM-9CM-2040',
      available: true,
      genus: 'Acer',
      species: 'campestre',
      common_name: 'Field maple',
      form: '9cm',
      height: '20-40',
      quantity: 5,
    },
    {
      id: 2,
      catalogue_item_id: null,
      code: '',
      available: false,
      genus: 'Corylus',
      species: 'avellana',
      common_name: 'Hazel',
      form: 'Bare root',
      height: '60-90',
      quantity: 1200,
    },
  ],
};

const csrf = {
  'GET /sanctum/csrf-cookie': () => {
    document.cookie = 'XSRF-TOKEN=t0ken; path=/';
    return json(null, 204);
  },
};

describe('QuoteRequestsPage', () => {
  it('lists the buyer’s requests with reference, date, status and line count', async () => {
    const seen = mockServer({
      'GET /api/quote-requests': () =>
        json({ results: [summary, { ...summary, id: 3, reference: 'Q-2026-000003', status: 'new', line_count: 1 }], total: 2 }),
    });
    renderWithApp(<QuoteRequestsPage />);
    const items = within(await screen.findByRole('list', { name: 'Your quote requests' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'Q-2026-000004' })).toHaveAttribute('href', '/account/quote-requests/4');
    expect(items[0]).toHaveTextContent('Sent20 Nov 2026StatusQuotedLines2');
    expect(items[1]).toHaveTextContent('StatusReceivedLines1');
    expect(seen[0]?.url.search).toBe('?page=0&limit=20');
  });

  it('says when there is none yet', async () => {
    mockServer({ 'GET /api/quote-requests': () => json({ results: [], total: 0 }) });
    renderWithApp(<QuoteRequestsPage />);
    expect(await screen.findByText(/You have not requested a quote yet/)).toBeInTheDocument();
  });
});

describe('QuoteRequestPage', () => {
  /** The detail screen at its path, beside a stand-in plant list page to land on after copying. */
  const renderDetail = (id: number | string) => {
    const router = createMemoryRouter(
      [
        { path: '/account/quote-requests/:id', element: <QuoteRequestPage /> },
        { path: '/plant-list', element: <h1>Plant list</h1> },
      ],
      { initialEntries: [`/account/quote-requests/${id}`] },
    );
    const result = render(
      <Provider store={makeStore()}>
        <RouterProvider router={router} />
      </Provider>,
    );
    return { ...result, router };
  };

  it('shows the current quotation with its totals, PDF and the answer form, and earlier versions folded away', async () => {
    const superseded = { ...sentQuotation, id: 30, version: 1, reference: 'Q-2026-000004/1', status: 'superseded' as const };
    const current = { ...sentQuotation, valid_until: '2099-12-31' };
    const seen = mockServer({
      ...csrf,
      'GET /api/quote-requests/4': () => json({ ...detail, quotations: [current, superseded] }),
      'POST /api/quotations/31/accept': () => json({ id: 77, reference: 'SO-2026-000077' }, 201),
    });
    renderDetail(4);
    expect(await screen.findByRole('heading', { name: 'Quotation Q-2026-000004/2' })).toBeInTheDocument();
    expect(screen.getByLabelText('Totals of Q-2026-000004/2')).toHaveTextContent('Total inc VAT£914.40');
    expect(screen.getAllByRole('link', { name: 'Download PDF' })[0]).toHaveAttribute('href', '/api/quotations/31/pdf');
    expect(screen.getByText('Earlier version (1)')).toBeInTheDocument();
    expect(screen.getByText('Replaced by a later version')).toBeInTheDocument();

    // The signed-in buyer answers here: no token sent, and the order is found in My orders.
    await userEvent.type(screen.getByLabelText(/Your PO number/), 'PO-9');
    await userEvent.type(screen.getByLabelText(/Delivery address/), 'Plot 4, Hothfield Road');
    await userEvent.type(screen.getByLabelText(/Wanted by/), '2099-03-01');
    await userEvent.click(screen.getByRole('button', { name: 'Accept and place the order' }));
    expect(await screen.findByRole('heading', { name: 'Order SO-2026-000077 confirmed' })).toHaveFocus();
    expect(seen.find((r) => r.method === 'POST')!.body).toEqual({
      po_number: 'PO-9',
      delivery_address: 'Plot 4, Hothfield Road',
      delivery_postcode: 'TN27 9AA',
      wanted_by: '2099-03-01',
    });
    expect(screen.getByRole('link', { name: 'See the order in My orders' })).toHaveAttribute('href', '/account/orders/77');
  });

  it('shows the request with its lines, copies them into the plant list and says what it added, merged and left out', async () => {
    const copied = { added: [], merged: [{ line_id: 1, before: 30, after: 35 }], skipped: [{ line_id: 2, reason: 'no_longer_available' }] };
    const seen = mockServer({
      ...csrf,
      'GET /api/quote-requests/4': () => json(detail),
      'POST /api/quote-requests/4/copy': () => json({ list: { lines: [], count: 1 }, copied }),
    });
    const { router } = renderDetail(4);
    expect(await screen.findByRole('heading', { name: 'Quote request Q-2026-000004' })).toBeInTheDocument();
    expect(screen.getByText('Quoted')).toBeInTheDocument();
    expect(screen.getByText('1 Mar 2027')).toBeInTheDocument();
    const lines = within(screen.getByRole('list', { name: 'Requested lines' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'ACECAM-9CM-2040 Acer campestre, 9cm, 20-40 cm × 5',
      'Corylus avellana, Bare root, 60-90 cm × 1,200 (no longer available)',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Copy into my plant list' }));
    const summary = await screen.findByRole('status', { name: 'Copied 1 line into your plant list' });
    expect(summary).toHaveFocus();
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual([
      'ACECAM-9CM-2040 Acer campestre, 9cm, 20-40 cm: already on your list with 30; now 35',
      'Corylus avellana, Bare root, 60-90 cm: no longer available, so not copied',
    ]);
    await userEvent.click(within(summary).getByRole('link', { name: 'Go to my plant list' }));
    expect(await screen.findByRole('heading', { name: 'Plant list' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/plant-list');
    expect(seen.filter((request) => request.method === 'POST').map((request) => request.url.pathname)).toEqual([
      '/api/quote-requests/4/copy',
    ]);
  });

  it('shows the server’s message when the copy is refused, and stays', async () => {
    mockServer({
      ...csrf,
      'GET /api/quote-requests/4': () => json(detail),
      'POST /api/quote-requests/4/copy': () =>
        json({ message: 'A plant list holds at most 200 lines.', errors: { lines: ['A plant list holds at most 200 lines.'] } }, 422),
    });
    const { router } = renderDetail(4);
    await userEvent.click(await screen.findByRole('button', { name: 'Copy into my plant list' }));
    expect(await screen.findByText('A plant list holds at most 200 lines.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/quote-requests/4');
  });

  it('says "not found" for someone else’s request (the server’s 404) and for a bad id', async () => {
    mockServer({ 'GET /api/quote-requests/5': () => json({ message: 'Not found.' }, 404) });
    const { unmount } = renderDetail(5);
    expect(await screen.findByRole('heading', { name: 'Quote request not found' })).toBeInTheDocument();
    unmount();
    renderDetail('abc');
    expect(screen.getByRole('heading', { name: 'Quote request not found' })).toBeInTheDocument();
  });
});
