import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { sessionApi } from '../../lib/session/session-api.ts';
import { makeStore } from '../../lib/store.ts';
import { csrfCookie, json, mockServer } from '../../test/fetch.ts';
import { LoginPage } from './login-page.tsx';

const user = {
  id: 3,
  firstname: 'Ann',
  lastname: 'Oak',
  email: 'ann@example.com',
  role: 'user',
  email_verified_at: '2026-01-01T00:00:00.000Z',
  two_factor: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

function Where({ name }: { name: string }) {
  const location = useLocation();
  return <p data-testid="where">{`${name} ${JSON.stringify(location.state)}`}</p>;
}

/** Login at /login (with `state`), beside stand-ins for the pages it may go to. */
async function renderLogin(state?: unknown) {
  const store = makeStore();
  await store.dispatch(sessionApi.util.upsertQueryData('getCurrentUser', undefined, null));
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/two-factor-challenge', element: <Where name="challenge" /> },
      { path: '/', element: <Where name="home" /> },
      { path: '/account/*', element: <Where name="account" /> },
    ],
    { initialEntries: ['/', { pathname: '/login', state }], initialIndex: 1 },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { router, store };
}

async function logIn(remember = false) {
  const events = userEvent.setup();
  await events.type(screen.getByLabelText(/Email/), 'ann@example.com');
  await events.type(screen.getByLabelText(/Password/), 'correct horse');
  if (remember) await events.click(screen.getByLabelText('Remember me'));
  await events.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginPage', () => {
  it('has required email (type email) and password fields, remember me, and links to forgot-password and register', async () => {
    mockServer({});
    await renderLogin();
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/Email/)).toBeRequired();
    expect(screen.getByLabelText(/Password/)).toBeRequired();
    expect(screen.getByLabelText('Remember me')).not.toBeChecked();
    expect(screen.getByRole('link', { name: /forgot/i })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: /create an account/i })).toHaveAttribute('href', '/register');
  });

  it('asks for the CSRF cookie, then on two_factor goes to the challenge, replacing the history entry', async () => {
    const seen = mockServer({
      'GET /sanctum/csrf-cookie': () => {
        document.cookie = 'XSRF-TOKEN=t; path=/';
        return json(null, 204);
      },
      'POST /login': () => json({ two_factor: true }),
    });
    const { router } = await renderLogin({ from: '/account/2fa' });
    await logIn(true);
    expect(await screen.findByTestId('where')).toHaveTextContent('challenge {"from":"/account/2fa"}');
    expect(seen.map((r) => `${r.method} ${r.url.pathname}`)).toEqual(['GET /sanctum/csrf-cookie', 'POST /login']);
    expect(seen[1]?.body).toEqual({ email: 'ann@example.com', password: 'correct horse', remember: true });
    // Replaced: one step back is the page before Login, not Login again.
    await router.navigate(-1);
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends what the fields show, also text its state has not seen (typed before the page hydrated)', async () => {
    const seen = mockServer({ ...csrfCookie, 'POST /login': () => json({ two_factor: true }) });
    await renderLogin();
    const events = userEvent.setup();
    await events.type(screen.getByLabelText(/Password/), 'correct horse');
    // As a server-rendered field holds what was typed before hydration: in the field, not in React's state.
    const email = screen.getByLabelText<HTMLInputElement>(/Email/);
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(email, 'ann@example.com');
    await events.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByTestId('where');
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({ email: 'ann@example.com', password: 'correct horse', remember: false });
  });

  it('without two-factor loads the user and returns to the page the guard stopped at', async () => {
    const seen = mockServer({
      'GET /sanctum/csrf-cookie': () => json(null, 204),
      'POST /login': () => json({ two_factor: false }),
      'GET /api/user': () => json({ data: user }),
    });
    const { store } = await renderLogin({ from: '/account/profile' });
    expect(screen.getByText('Please log in to continue.')).toBeInTheDocument();
    await logIn();
    expect(await screen.findByTestId('where')).toHaveTextContent('account');
    expect(seen.map((r) => r.url.pathname)).toContain('/api/session');
    expect(store.getState().session.user).toEqual(user);
  });

  it('shows the server’s message in red (role=alert) on a 422 and on a 429', async () => {
    mockServer({
      'GET /sanctum/csrf-cookie': () => json(null, 204),
      'POST /login': () =>
        json(
          { message: 'These credentials do not match our records.', errors: { email: ['These credentials do not match our records.'] } },
          422,
        ),
    });
    await renderLogin();
    await logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('These credentials do not match our records.');

    mockServer({
      'GET /sanctum/csrf-cookie': () => json(null, 204),
      'POST /login': () => json({ message: 'Too many attempts. Please try again in 42 seconds.' }, 429),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Too many attempts. Please try again in 42 seconds.')).toHaveAttribute('role', 'alert');
  });
});
