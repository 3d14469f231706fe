import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { fakeServer, reply, requestsTo } from '../test/fake-server.ts';
import { UsersPage } from './users-page.tsx';

const row = { email_verified: true, two_factor: false, company_name: null, trade_status: null };
const ann = { ...row, id: 1, firstname: 'Ann', lastname: 'Admin', email: 'ann@example.com', role: 'admin' };
const bob = { ...row, id: 2, firstname: 'Bob', lastname: 'Buyer', email: 'bob@example.com', role: 'user' };
/** GET /api/users's answer: one page. */
const page = (users: unknown[]) => reply({ results: users, total: users.length });

describe('Users list and the Add User modal', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists users with name, email, access level and a View link', async () => {
    fakeServer({ 'GET /api/users': () => page([ann, bob]) });
    renderWithApp(<UsersPage />);
    const row = (await screen.findByRole('cell', { name: 'Bob Buyer' })).closest('tr')!;
    expect(within(row).getByText('bob@example.com')).toBeInTheDocument();
    expect(within(row).getByText('User')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /View/ })).toHaveAttribute('href', '/admin/users/2');
  });

  it('shows the first message per field under each field and only logs the overall message', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeServer({
      'GET /api/users': () => page([ann]),
      'POST /api/users': () =>
        reply(
          {
            message: 'The email has already been taken. (and 2 more errors)',
            errors: {
              email: ['The email has already been taken.', 'A second email message.'],
              password: ['The password field must be at least 8 characters.'],
              password_confirmation: ['The password field confirmation does not match.'],
            },
          },
          422,
        ),
    });
    const user = userEvent.setup();
    renderWithApp(<UsersPage />);
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    // A new user's role defaults to user (spec §5).
    expect(within(dialog).getByLabelText(/Access level/)).toHaveValue('user');
    await user.type(within(dialog).getByLabelText(/First name/), 'Cat');
    await user.type(within(dialog).getByLabelText(/Last name/), 'Carter');
    await user.type(within(dialog).getByLabelText(/^Email/), 'ann@example.com');
    await user.type(within(dialog).getByLabelText(/^Password/), 'short');
    await user.type(within(dialog).getByLabelText(/Confirm password/), 'other');
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));

    const email = within(dialog).getByLabelText(/^Email/);
    await waitFor(() => expect(email).toHaveAccessibleDescription('The email has already been taken.'));
    expect(within(dialog).queryByText('A second email message.')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Password/)).toHaveAccessibleDescription(/at least 8 characters/);
    expect(within(dialog).getByLabelText(/Confirm password/)).toHaveAccessibleDescription(
      'The password field confirmation does not match.',
    );
    expect(within(dialog).getByLabelText(/First name/)).not.toHaveAttribute('aria-invalid');
    // The overall message is logged, never shown.
    expect(within(dialog).queryByText(/and 2 more errors/)).not.toBeInTheDocument();
    expect(logged.mock.calls.flat().join(' ')).toContain('(and 2 more errors)');
  });

  it('closes on 201 and reloads the list', async () => {
    let users = [ann];
    const seen = fakeServer({
      'GET /api/users': () => page(users),
      'POST /api/users': () => {
        users = [ann, { ...bob, id: 3, firstname: 'Cat', lastname: 'Carter' }];
        return reply({ id: 3 }, 201);
      },
    });
    const user = userEvent.setup();
    renderWithApp(<UsersPage />);
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(/First name/), 'Cat');
    await user.type(within(dialog).getByLabelText(/Last name/), 'Carter');
    await user.type(within(dialog).getByLabelText(/^Email/), 'cat@example.com');
    await user.selectOptions(within(dialog).getByLabelText(/Access level/), 'admin');
    await user.type(within(dialog).getByLabelText(/^Password/), 'long-enough-1');
    await user.type(within(dialog).getByLabelText(/Confirm password/), 'long-enough-1');
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('cell', { name: 'Cat Carter' })).toBeInTheDocument();
    expect(requestsTo(seen, 'POST /api/users')[0]?.body).toEqual({
      firstname: 'Cat',
      lastname: 'Carter',
      email: 'cat@example.com',
      role: 'admin',
      password: 'long-enough-1',
      password_confirmation: 'long-enough-1',
    });
    expect(requestsTo(seen, 'GET /api/users')).toHaveLength(2);
  });
});
