import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminMail } from '../../../../../shared/api/mails.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { fakeServer, reply } from '../test/fake-server.ts';
import { RefusedMailsPage } from './refused-mails-page.tsx';

const refused: AdminMail = {
  id: 12,
  kind: 'account.verify-email',
  status: 'refused',
  recipient: 'jo@exmaple.com',
  subject: 'Verify your email address',
  attempts: 1,
  last_error: '550 5.1.1 <jo@exmaple.com>: Recipient address rejected: no such mailbox',
  created_at: '2026-11-27T09:00:00Z',
  sent_at: null,
  refused_at: '2026-11-27T09:00:02Z',
};

describe('RefusedMailsPage', () => {
  it("lists refused mails with the server's reply and resends one after confirming", async () => {
    let resent = false;
    const seen = fakeServer({
      'GET /api/admin/mails': () => reply(resent ? { results: [], total: 0 } : { results: [refused], total: 1 }),
      'POST /api/admin/mails/12/resend': () => {
        resent = true;
        return reply({ ...refused, status: 'owed', refused_at: null });
      },
    });
    renderWithApp(<RefusedMailsPage />, { url: '/admin/mails' });
    const row = (await screen.findByText('Verify your email address')).closest('tr')!;
    expect(row).toHaveTextContent('jo@exmaple.com');
    expect(row).toHaveTextContent('550 5.1.1 <jo@exmaple.com>: Recipient address rejected: no such mailbox');
    expect(seen[0]?.url.searchParams.get('status')).toBe('refused');

    await userEvent.click(within(row).getByRole('button', { name: 'Resend' }));
    const dialog = screen.getByRole('dialog', { name: 'Resend “Verify your email address” to jo@exmaple.com?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('No refused mails: every mail was sent or is still being retried.')).toBeInTheDocument();
    expect(seen.filter((request) => request.method === 'POST').map((request) => request.url.pathname)).toEqual([
      '/api/admin/mails/12/resend',
    ]);
  });

  it('says why a Resend failed', async () => {
    fakeServer({
      'GET /api/admin/mails': () => reply({ results: [refused], total: 1 }),
      'POST /api/admin/mails/12/resend': () =>
        reply({ message: 'Only a refused mail can be resent.', errors: { status: ['Only a refused mail can be resent.'] } }, 422),
    });
    renderWithApp(<RefusedMailsPage />, { url: '/admin/mails' });
    await userEvent.click(await screen.findByRole('button', { name: 'Resend' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Only a refused mail can be resent.')).toBeInTheDocument();
  });
});
