import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { fakeServer, reply, requestsTo } from '../test/fake-server.ts';
import { UsersPage } from './users-page.tsx';

const cat = {
  id: 3,
  firstname: 'Cat',
  lastname: 'Cedar',
  email: 'cat@cedar.example',
  role: 'user',
  email_verified: false,
  two_factor: true,
  company_name: 'Cedar Gardens Ltd',
  trade_status: 'suspended',
};

describe('UsersPage: search, filters and columns', () => {
  it('shows company, trade status, verification and 2FA per user', async () => {
    fakeServer({ 'GET /api/users': () => reply({ results: [cat], total: 1 }) });
    renderWithApp(<UsersPage />, { url: '/admin/users' });
    const row = (await screen.findByRole('cell', { name: 'Cat Cedar' })).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 7)).toEqual(['Cat Cedar', 'cat@cedar.example', 'Cedar Gardens Ltd', 'Suspended', 'No', 'On', 'User']);
    expect(screen.getByText('1 user')).toBeInTheDocument();
  });

  it('sends the filters from the URL, searches as the admin types and keeps every filter in the URL', async () => {
    const seen = fakeServer({ 'GET /api/users': () => reply({ results: [cat], total: 60 }) });
    const user = userEvent.setup();
    const { router } = renderWithApp(<UsersPage />, { url: '/admin/users?trade=suspended&page=2' });
    await screen.findByRole('cell', { name: 'Cat Cedar' });
    expect(Object.fromEntries(requestsTo(seen, 'GET /api/users')[0]!.url.searchParams)).toEqual({
      trade: 'suspended',
      limit: '25',
      page: '1',
    });
    expect(screen.getByLabelText('Trade account')).toHaveValue('suspended');

    await user.selectOptions(screen.getByLabelText('2FA'), 'On');
    // A new filter starts again from page 1.
    await waitFor(() => expect(router.state.location.search).toBe('?trade=suspended&two_factor=yes'));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'cedar gardens');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('cedar gardens'));
    await waitFor(() =>
      expect(Object.fromEntries(requestsTo(seen, 'GET /api/users').at(-1)!.url.searchParams)).toEqual({
        q: 'cedar gardens',
        trade: 'suspended',
        two_factor: 'yes',
        limit: '25',
        page: '0',
      }),
    );
    // Typing a word is one search, not one per key.
    expect(requestsTo(seen, 'GET /api/users').filter((r) => r.url.searchParams.has('q')).length).toBeLessThanOrEqual(2);
    expect(screen.getByText('60 users matching the filters')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBe('3'));
    expect(requestsTo(seen, 'GET /api/users').at(-1)!.url.searchParams.get('page')).toBe('2');
  });

  it('says so when no user matches', async () => {
    fakeServer({ 'GET /api/users': () => reply({ results: [], total: 0 }) });
    renderWithApp(<UsersPage />, { url: '/admin/users?q=nobody' });
    expect(await screen.findByText('0 users matching the filters')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('nobody');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
