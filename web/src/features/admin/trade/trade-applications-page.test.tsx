import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { fakeServer, reply } from '../test/fake-server.ts';
import { adminTradeApplication as pending } from '../../../test/trade.ts';
import { TradeApplicationsPage } from './trade-applications-page.tsx';

describe('TradeApplicationsPage', () => {
  it('lists pending applications first with the company details and approves one after confirming', async () => {
    let decided = false;
    const seen = fakeServer({
      'GET /api/admin/trade-applications': () => reply({ data: decided ? [] : [pending] }),
      'POST /api/admin/trade-applications/7/approve': () => {
        decided = true;
        return reply({ data: { ...pending, status: 'approved' } });
      },
    });
    renderWithApp(<TradeApplicationsPage />, { url: '/admin/trade-applications' });
    const row = (await screen.findByText('Weald Landscapes Ltd')).closest('tr')!;
    expect(row).toHaveTextContent('Landscaper · Company no. 01234567 · TN27 0AB · Invoices to accounts@weald.example');
    expect(row).toHaveTextContent('Pat Grower');
    expect(seen[0]?.url.search).toBe('?status=pending');

    await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve the trade account of Weald Landscapes Ltd?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('No pending trade applications.')).toBeInTheDocument();
    expect(seen.filter((request) => request.method === 'POST').map((request) => request.url.pathname)).toEqual([
      '/api/admin/trade-applications/7/approve',
    ]);
  });

  it('rejects with the reason typed in the confirmation', async () => {
    const seen = fakeServer({
      'GET /api/admin/trade-applications': () => reply({ data: [pending] }),
      'POST /api/admin/trade-applications/7/reject': () => reply({ data: { ...pending, status: 'rejected' } }),
    });
    renderWithApp(<TradeApplicationsPage />, { url: '/admin/trade-applications' });
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject the trade application of Weald Landscapes Ltd?' });
    await userEvent.type(within(dialog).getByLabelText('Reason for the buyer (optional)'), 'No trading history.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await screen.findByRole('button', { name: 'Reject' });
    expect(seen.find((request) => request.method === 'POST')?.body).toEqual({ reason: 'No trading history.' });
  });

  it('filters by status from the select, without actions on decided applications', async () => {
    const seen = fakeServer({
      'GET /api/admin/trade-applications': (request) =>
        reply({
          data:
            request.url.searchParams.get('status') === 'rejected'
              ? [{ ...pending, status: 'rejected', reason: 'No trading history.' }]
              : [pending],
        }),
    });
    const { router } = renderWithApp(<TradeApplicationsPage />, { url: '/admin/trade-applications' });
    await screen.findByRole('button', { name: 'Approve' });
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Rejected');
    expect(await screen.findByText('No trading history.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=rejected');
    expect(seen.at(-1)?.url.search).toBe('?status=rejected');
  });

  it('revokes an approved account with the reason, then refetches the list', async () => {
    let status = 'approved';
    const seen = fakeServer({
      'GET /api/admin/trade-applications': () => reply({ data: [{ ...pending, status }] }),
      'POST /api/admin/trade-applications/7/revoke': () => {
        status = 'revoked';
        return reply({ data: { ...pending, status, history: [] } });
      },
    });
    renderWithApp(<TradeApplicationsPage />, { url: '/admin/trade-applications?status=approved' });
    const row = (await screen.findByText('Weald Landscapes Ltd')).closest('tr')!;
    expect(within(row).getByText('Approved', { selector: 'span' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Revoke the trade account of Weald Landscapes Ltd' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke the trade account of Weald Landscapes Ltd?' });
    await userEvent.type(within(dialog).getByLabelText(/Reason for the buyer/), 'The company has closed.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Revoked', { selector: 'span' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Suspend/ })).not.toBeInTheDocument();
    expect(seen.find((request) => request.method === 'POST')?.body).toEqual({ reason: 'The company has closed.' });
  });
});
