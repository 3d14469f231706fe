import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminTradeAccount } from '../../../../../shared/api/trade.ts';
import { adminTradeApplication } from '../../../test/trade.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { fakeServer, reply, requestsTo } from '../test/fake-server.ts';
import { UserTradePanel } from './user-trade-panel.tsx';

const approved: AdminTradeAccount = {
  ...adminTradeApplication,
  status: 'approved',
  vat_number: 'GB123456789',
  history: [
    { id: 1, action: 'applied', reason: null, by: null, at: '2026-11-20T10:00:00Z' },
    { id: 2, action: 'approved', reason: null, by: { id: 9, name: 'Sam Staff' }, at: '2026-11-21T09:30:00Z' },
  ],
};

describe('UserTradePanel', () => {
  it('shows the account, its numbers and history, and suspends it with the reason typed', async () => {
    let account = approved;
    const seen = fakeServer({
      'GET /api/admin/users/3/trade-account': () => reply({ data: [account] }),
      'POST /api/admin/trade-applications/7/suspend': (request) => {
        const reason = (request.body as { reason: string }).reason;
        if (!reason) return reply({ message: 'The reason field is required.', errors: { reason: ['The reason field is required.'] } }, 422);
        account = {
          ...account,
          status: 'suspended',
          reason,
          history: [
            ...account.history,
            { id: 3, action: 'suspended', reason, by: { id: 9, name: 'Sam Staff' }, at: '2026-11-26T15:00:00Z' },
          ],
        };
        return reply({ data: account });
      },
    });
    const user = userEvent.setup();
    renderWithApp(<UserTradePanel userId={3} />);
    const panel = await screen.findByRole('region', { name: 'Trade account: Weald Landscapes Ltd' });
    expect(within(panel).getByText('Approved', { selector: 'span' })).toBeInTheDocument();
    expect(within(panel).getByText('01234567')).toBeInTheDocument();
    expect(within(panel).getByText('GB123456789')).toBeInTheDocument();
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['20 Nov 2026 10:00 · Applied', '21 Nov 2026 09:30 · Approved by Sam Staff']);
    expect(within(panel).queryByRole('button', { name: /Reinstate/ })).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Suspend the trade account of Weald Landscapes Ltd' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend the trade account of Weald Landscapes Ltd?' });
    // Sent without a reason, the server's message shows under the field and the dialog stays.
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/Reason for the buyer/)).toHaveAccessibleDescription('The reason field is required.'),
    );
    await user.type(within(dialog).getByLabelText(/Reason for the buyer/), 'Invoices unpaid since August.');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(panel).findByText('Suspended', { selector: 'span' })).toBeInTheDocument();
    expect(within(panel).getByText('Reason: Invoices unpaid since August.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: /^Reinstate/ })).toBeInTheDocument();
    expect(requestsTo(seen, 'POST /api/admin/trade-applications/7/suspend').map((r) => r.body)).toEqual([
      { reason: '' },
      { reason: 'Invoices unpaid since August.' },
    ]);
  });

  it('says when the user never applied', async () => {
    fakeServer({ 'GET /api/admin/users/4/trade-account': () => reply({ data: [] }) });
    renderWithApp(<UserTradePanel userId={4} />);
    expect(await screen.findByText('No trade account application.')).toBeInTheDocument();
  });
});
