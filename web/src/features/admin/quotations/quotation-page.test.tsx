import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminQuotation, AdminQuotationLine } from '../../../../../shared/api/quotations.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { fakeServer, reply, requestsTo } from '../test/fake-server.ts';
import { QuotationPage } from './quotation-page.tsx';

const line = (id: number, extra: Partial<AdminQuotationLine>): AdminQuotationLine => ({
  id,
  position: id,
  quote_request_line_id: id,
  is_substitute: false,
  catalogue_item_id: 100 + id,
  code: `CODE-${id}`,
  genus: 'Acer',
  species: 'campestre',
  common_name: 'Field maple',
  form: 'Bare root',
  height: '60-90',
  quantity: 10,
  unit_price_pence: 1100,
  line_total_pence: 11_000,
  note: '',
  availability: 'available',
  ...extra,
});

const draft: AdminQuotation = {
  id: 31,
  quote_request_id: 7,
  reference: 'Q-2026-000007/1',
  version: 1,
  status: 'draft',
  delivery_pence: 0,
  vat_rate_bp: 2000,
  valid_until: '2026-12-27',
  note: '',
  totals: { subtotal_pence: 11_000, delivery_pence: 0, vat_pence: 2200, total_pence: 13_200 },
  lines: [
    line(1, { code: 'ACECAM-BR-6090' }),
    line(2, {
      code: 'CARBET-BR-6090',
      genus: 'Carpinus',
      species: 'betulus',
      common_name: 'Hornbeam',
      quantity: 150,
      unit_price_pence: null,
      line_total_pence: null,
      availability: 'retired',
    }),
    line(3, {
      code: 'CARBET-BR-90120',
      genus: 'Carpinus',
      species: 'betulus',
      common_name: 'Hornbeam',
      height: '90-120',
      quantity: 150,
      unit_price_pence: 390,
      line_total_pence: 58_500,
      is_substitute: true,
      quote_request_line_id: 2,
      note: 'Instead of CARBET-BR-6090 (no longer grown)',
    }),
  ],
  sent_at: null,
  answered_at: null,
  decline_reason: null,
  pdf_url: null,
};

const open = (routes: Parameters<typeof fakeServer>[0] = {}, quotation: AdminQuotation = draft) => {
  const seen = fakeServer({ 'GET /api/admin/quote-requests/7/quotation/31': () => reply(quotation), ...routes });
  const view = renderWithApp(<QuotationPage />, {
    url: '/admin/quote-requests/7/quotation/31',
    path: '/admin/quote-requests/:id/quotation/:qid',
  });
  return { seen, ...view };
};

describe('QuotationPage, a draft', () => {
  it('shows each line with its price, marks the substitute and the retired line, and works out the totals live', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Quotation Q-2026-000007/1' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Lines of Q-2026-000007/1' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[1]).toHaveTextContent('No longer grown: remove it or keep the substitute');
    expect(within(rows[2]!).getByText('Substitute')).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Instead of CARBET-BR-6090 (no longer grown)');
    expect(screen.getByRole('textbox', { name: 'Unit price of ACECAM-BR-6090 1' })).toHaveValue('11.00');
    expect(screen.getByRole('textbox', { name: 'Unit price of CARBET-BR-6090 2' })).toHaveValue('');
    // 11,000 + 58,500 = 69,500; VAT 13,900; total 83,400.
    expect(screen.getByText('Total inc VAT').nextElementSibling).toHaveTextContent('£834.00');

    await userEvent.clear(screen.getByRole('textbox', { name: 'Quantity of ACECAM-BR-6090 1' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Quantity of ACECAM-BR-6090 1' }), '20');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Delivery (£)' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Delivery (£)' }), '45');
    // 22,000 + 58,500 + 4,500 = 85,000; VAT 17,000.
    expect(screen.getByText('Subtotal ex VAT').nextElementSibling).toHaveTextContent('£805.00');
    expect(screen.getByText('VAT at 20 %').nextElementSibling).toHaveTextContent('£170.00');
    expect(screen.getByText('Total inc VAT').nextElementSibling).toHaveTextContent('£1,020.00');
  });

  it('saves the whole list: a removed line, an edited price, a line added by code; then shows the saved draft', async () => {
    const saved: AdminQuotation = {
      ...draft,
      delivery_pence: 4500,
      lines: [
        draft.lines[0]!,
        { ...draft.lines[2]!, unit_price_pence: 350, line_total_pence: 52_500 },
        line(4, {
          code: 'BETPEN-2L-6090',
          genus: 'Betula',
          species: 'pendula',
          common_name: 'Silver birch',
          quantity: 3,
          unit_price_pence: 885,
          line_total_pence: 2655,
          quote_request_line_id: null,
        }),
      ],
    };
    const { seen } = open({ 'PATCH /api/admin/quote-requests/7/quotation/31': () => reply(saved) });
    await screen.findByRole('table', { name: 'Lines of Q-2026-000007/1' });
    expect(screen.getByRole('button', { name: 'Save Draft' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove CARBET-BR-6090' }));
    const price = screen.getByRole('textbox', { name: 'Unit price of CARBET-BR-90120 2' });
    await userEvent.clear(price);
    await userEvent.type(price, '3.50');
    await userEvent.type(screen.getByRole('textbox', { name: 'Product code' }), 'BETPEN-2L-6090');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Quantity to add' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Quantity to add' }), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Add Line' }));
    expect(screen.getByText('Added: priced from the catalogue when saved')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Delivery (£)' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Delivery (£)' }), '45');
    await userEvent.type(screen.getByRole('textbox', { name: 'Note to the buyer' }), 'Tail-lift lorry.');
    await userEvent.click(screen.getByRole('button', { name: 'Save Draft' }));

    expect(await screen.findByText('Draft saved.')).toHaveAttribute('role', 'status');
    expect(requestsTo(seen, 'PATCH /api/admin/quote-requests/7/quotation/31').map((r) => r.body)).toEqual([
      {
        lines: [
          { id: 1, quantity: 10, unit_price_pence: 1100, note: '' },
          { id: 3, quantity: 150, unit_price_pence: 350, note: 'Instead of CARBET-BR-6090 (no longer grown)' },
          { code: 'BETPEN-2L-6090', quantity: 3, note: '' },
        ],
        delivery_pence: 4500,
        valid_until: '2026-12-27',
        note: 'Tail-lift lorry.',
      },
    ]);
    expect(screen.getByRole('textbox', { name: 'Unit price of BETPEN-2L-6090 3' })).toHaveValue('8.85');
  });

  it('refuses a price it cannot read before asking the server, and shows the server’s own refusals by line', async () => {
    const { seen } = open({
      'PATCH /api/admin/quote-requests/7/quotation/31': () =>
        reply(
          { message: 'No catalogue line has the code NOPE.', errors: { 'lines.3.code': ['No catalogue line has the code NOPE.'] } },
          422,
        ),
    });
    await screen.findByRole('table', { name: 'Lines of Q-2026-000007/1' });
    const price = screen.getByRole('textbox', { name: 'Unit price of ACECAM-BR-6090 1' });
    await userEvent.clear(price);
    await userEvent.type(price, '2,50');
    await userEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Please correct the marked fields.')).toHaveAttribute('role', 'alert');
    expect(screen.getByText('Use a full stop for pence, e.g. 2.50')).toBeInTheDocument();
    expect(requestsTo(seen, 'PATCH /api/admin/quote-requests/7/quotation/31')).toHaveLength(0);

    await userEvent.clear(price);
    await userEvent.type(price, '2.50');
    await userEvent.type(screen.getByRole('textbox', { name: 'Product code' }), 'NOPE');
    await userEvent.click(screen.getByRole('button', { name: 'Add Line' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('No catalogue line has the code NOPE.', { selector: '[role=alert]' })).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Lines of Q-2026-000007/1' })).getAllByRole('row');
    expect(rows[4]).toHaveTextContent('No catalogue line has the code NOPE.');
  });

  it('sends: saves what changed first, then says it is on its way; a refusal is shown as the server words it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let sends = 0;
    const { seen } = open({
      'PATCH /api/admin/quote-requests/7/quotation/31': ({ body }) => reply({ ...draft, note: (body as { note: string }).note }),
      'POST /api/admin/quote-requests/7/quotation/31/send': () =>
        ++sends === 1
          ? reply(
              {
                message: 'Line 2 (CARBET-BR-6090) has no price.',
                errors: { 'lines.1.unit_price_pence': ['Line 2 (CARBET-BR-6090) has no price.'] },
              },
              422,
            )
          : reply({ ...draft, status: 'sent', sent_at: '2026-11-27T10:00:00Z' }),
    });
    await screen.findByRole('table', { name: 'Lines of Q-2026-000007/1' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Note to the buyer' }), 'Thanks');
    await userEvent.click(screen.getByRole('button', { name: 'Send Quotation' }));
    expect(await screen.findByText('Line 2 (CARBET-BR-6090) has no price.', { selector: '[role=alert]' })).toBeInTheDocument();
    expect(requestsTo(seen, 'PATCH /api/admin/quote-requests/7/quotation/31')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Send Quotation' }));
    expect(await screen.findByText('Sent: Q-2026-000007/1 is being mailed to the buyer with its PDF.')).toBeInTheDocument();
    // Nothing changed since the save: no second PATCH.
    expect(requestsTo(seen, 'PATCH /api/admin/quote-requests/7/quotation/31')).toHaveLength(1);
    await waitFor(() => expect(requestsTo(seen, 'GET /api/admin/quote-requests/7/quotation/31').length).toBeGreaterThan(1));
  });
});

describe('QuotationPage, a sent version', () => {
  const sent: AdminQuotation = {
    ...draft,
    status: 'sent',
    sent_at: '2026-11-27T10:00:00Z',
    pdf_url: '/api/admin/quote-requests/7/quotation/31/pdf',
  };

  it('shows it read-only with its PDF, and Revise opens the new draft', async () => {
    const { seen, router } = open(
      { 'POST /api/admin/quote-requests/7/quotation/31/revise': () => reply({ ...draft, id: 32, version: 2 }, 201) },
      sent,
    );
    expect(await screen.findByText('Sent')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', '/api/admin/quote-requests/7/quotation/31/pdf');
    await userEvent.click(screen.getByRole('button', { name: 'Revise' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/quote-requests/7/quotation/32'));
    expect(requestsTo(seen, 'POST /api/admin/quote-requests/7/quotation/31/revise')).toHaveLength(1);
  });

  it('offers no Revise for a superseded version', async () => {
    open({}, { ...sent, status: 'superseded' });
    expect(await screen.findByText('Superseded by a later version')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revise' })).not.toBeInTheDocument();
  });
});
