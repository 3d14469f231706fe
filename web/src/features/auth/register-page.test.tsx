import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AuthRedirects } from '../../components/route-guards.tsx';
import { sessionApi } from '../../lib/session/session-api.ts';
import { makeStore } from '../../lib/store.ts';
import { json, mockServer } from '../../test/fetch.ts';
import { RegisterPage } from './register-page.tsx';

async function renderRegister() {
  const store = makeStore();
  await store.dispatch(sessionApi.util.upsertQueryData('getCurrentUser', undefined, null));
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <AuthRedirects />
            <Outlet />
          </>
        ),
        children: [
          { path: '/register', element: <RegisterPage /> },
          { path: '/verify-email', element: <p>verify page</p> },
        ],
      },
    ],
    { initialEntries: ['/register'] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { router, store };
}

const entry = { 'First name': 'Ann', 'Last name': 'Oak', Email: 'ann@example.com', Password: 'short', 'Confirm password': 'other' };

async function fillAndSubmit() {
  const events = userEvent.setup();
  for (const [label, value] of Object.entries(entry)) await events.type(screen.getByLabelText(new RegExp(`^${label}`)), value);
  await events.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('RegisterPage', () => {
  it('has the five required fields; email is type=email, passwords hint new-password', async () => {
    mockServer({});
    await renderRegister();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Create Account');
    for (const label of Object.keys(entry)) expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeRequired();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText(/^Confirm password/)).toHaveAttribute('autocomplete', 'new-password');
  });

  it('shows every message of each field as a list under it', async () => {
    mockServer({
      'GET /sanctum/csrf-cookie': () => json(null, 204),
      'POST /register': () =>
        json(
          {
            message: 'The email has already been taken. (and 2 more errors)',
            errors: {
              email: ['The email has already been taken.'],
              password: ['The password field must be at least 8 characters.', 'The password field confirmation does not match.'],
            },
          },
          422,
        ),
    });
    await renderRegister();
    await fillAndSubmit();

    const password = screen.getByLabelText(/^Password/);
    expect(await screen.findByText('The password field confirmation does not match.')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(
      'The password field must be at least 8 characters. The password field confirmation does not match.',
    );
    const list = document.getElementById(password.getAttribute('aria-describedby') ?? '');
    expect(list?.tagName).toBe('UL');
    expect([...(list?.querySelectorAll('li') ?? [])].map((li) => li.textContent)).toEqual([
      'The password field must be at least 8 characters.',
      'The password field confirmation does not match.',
    ]);
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('The email has already been taken.');
    expect(screen.getByLabelText(/^First name/)).not.toHaveAttribute('aria-invalid');
    // The first field needing attention has the focus.
    expect(screen.getByLabelText(/^Email/)).toHaveFocus();
  });

  it('on 201 loads the user; its 403 (not verified yet) leads to VerifyEmail', async () => {
    const seen = mockServer({
      'GET /sanctum/csrf-cookie': () => json(null, 204),
      'POST /register': () => json({ data: { id: 1 } }, 201),
      'GET /api/user': () => json({ message: 'Your email address is not verified.' }, 403),
    });
    const { router, store } = await renderRegister();
    await fillAndSubmit();
    expect(await screen.findByText('verify page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify-email');
    expect(store.getState().session.unverified).toBe(true);
    expect(seen.find((r) => r.url.pathname === '/register')?.body).toEqual({
      firstname: 'Ann',
      lastname: 'Oak',
      email: 'ann@example.com',
      password: 'short',
      password_confirmation: 'other',
    });
  });
});
