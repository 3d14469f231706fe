import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { json, mockServer } from '../test/fetch.ts';
import { authRedirectRequested } from '../lib/api/api.ts';
import { AuthRedirects, RequireRole, confirmReturn } from './route-guards.tsx';
import type { Role } from './route-guards.tsx';
import { sessionApi } from '../lib/session/session-api.ts';
import type { UserAccount } from '../../../shared/api/users.ts';
import { makeStore } from '../lib/store.ts';
import type { AppStore } from '../lib/store.ts';

const userWith = (role: Role): UserAccount => ({
  id: 1,
  firstname: 'Ann',
  lastname: 'Oak',
  email: 'ann@example.com',
  role,
  email_verified_at: '2026-01-01T00:00:00.000Z',
  two_factor: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

/** Shows where the router is and what state it carries, so tests can read both. */
function Where({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p data-testid="where">
      {name} {JSON.stringify(location.state)}
    </p>
  );
}

function renderApp(store: AppStore, url: string) {
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
          { path: '/', element: <Where name="home" /> },
          { path: '/login', element: <Where name="login" /> },
          { path: '/verify-email', element: <Where name="verify" /> },
          { path: '/confirm-password', element: <Where name="confirm" /> },
          { element: <RequireRole roles={['user', 'admin']} />, children: [{ path: '/account/*', element: <Where name="account" /> }] },
          { element: <RequireRole roles={['admin']} />, children: [{ path: '/admin/*', element: <Where name="admin" /> }] },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

async function storeWith(user: UserAccount | null) {
  const store = makeStore();
  await store.dispatch(sessionApi.util.upsertQueryData('getCurrentUser', undefined, user));
  return store;
}

afterEach(() => sessionStorage.clear());

describe('RequireRole', () => {
  it('sends a guest to Login, remembering the requested page', async () => {
    const router = renderApp(await storeWith(null), '/account/2fa?x=1');
    expect(await screen.findByTestId('where')).toHaveTextContent('login {"from":"/account/2fa?x=1","denied":false}');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('lets a user into the account area but sends them from /admin to Login', async () => {
    const store = await storeWith(userWith('user'));
    const router = renderApp(store, '/account');
    expect(await screen.findByTestId('where')).toHaveTextContent('account');
    await act(() => router.navigate('/admin/users'));
    expect(screen.getByTestId('where')).toHaveTextContent('login {"from":"/admin/users","denied":true}');
  });

  it('lets an admin into both areas', async () => {
    const router = renderApp(await storeWith(userWith('admin')), '/admin');
    expect(await screen.findByTestId('where')).toHaveTextContent('admin');
    await act(() => router.navigate('/account'));
    expect(screen.getByTestId('where')).toHaveTextContent('account');
  });

  it('sends a signed-in but unverified account to VerifyEmail', async () => {
    mockServer({ 'GET /api/user': () => json({ message: 'Your email address is not verified.' }, 403) });
    const store = makeStore();
    await store.dispatch(sessionApi.endpoints.getCurrentUser.initiate());
    renderApp(store, '/account');
    expect(await screen.findByTestId('where')).toHaveTextContent('verify');
  });

  it('waits for the session check before deciding', async () => {
    let answer: (response: Response) => void = () => {};
    mockServer({ 'GET /api/user': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const store = makeStore();
    const pending = store.dispatch(sessionApi.endpoints.getCurrentUser.initiate());
    const router = renderApp(store, '/account');
    expect(await screen.findByRole('status')).toHaveTextContent('Checking your session…');
    expect(router.state.location.pathname).toBe('/account');
    await act(async () => {
      answer(json({ data: userWith('user') }));
      await pending;
    });
    expect(await screen.findByTestId('where')).toHaveTextContent('account');
  });
});

describe('AuthRedirects', () => {
  it('401/419 → Login with the current page as `from`', async () => {
    const store = await storeWith(userWith('user'));
    const router = renderApp(store, '/account/profile');
    await screen.findByText(/account/);
    act(() => void store.dispatch(authRedirectRequested('login')));
    expect(await screen.findByText(/^login/)).toHaveTextContent('login {"from":"/account/profile"');
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().session.redirect).toBeNull();
  });

  it('423 → ConfirmPassword, remembering where to come back to (state and sessionStorage)', async () => {
    const store = await storeWith(userWith('user'));
    const router = renderApp(store, '/account/2fa');
    await screen.findByText(/account/);
    act(() => void store.dispatch(authRedirectRequested('confirm-password')));
    expect(await screen.findByText(/^confirm/)).toHaveTextContent('confirm {"from":"/account/2fa"}');
    expect(router.state.location.pathname).toBe('/confirm-password');
    expect(confirmReturn.take()).toBe('/account/2fa');
    expect(confirmReturn.take()).toBeUndefined();
  });

  it('unverified 403 → VerifyEmail', async () => {
    const store = await storeWith(userWith('user'));
    const router = renderApp(store, '/');
    act(() => void store.dispatch(authRedirectRequested('verify-email')));
    expect(await screen.findByText(/^verify/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify-email');
  });
});
