import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { json, mockServer } from '../test/fetch.ts';
import { RequireRole } from './route-guards.tsx';
import { sessionApi } from '../lib/session/session-api.ts';
import { makeStore } from '../lib/store.ts';
import { useLogout } from '../lib/session/use-logout.ts';

function Keyed() {
  const { pathname } = useLocation();
  return <Outlet key={pathname} />;
}

function Account() {
  const [logout] = useLogout();
  return (
    <button type="button" onClick={() => void logout()}>
      Logout
    </button>
  );
}

/** useLogout (lib/session/) leaving a page RequireRole guards: the guard must not send us to Login. */
describe('useLogout', () => {
  it('goes Home and stays there: the guard of the page being left does not send us to Login', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    mockServer({ 'POST /logout': () => json(null, 204) });
    const store = makeStore();
    await store.dispatch(
      sessionApi.util.upsertQueryData('getCurrentUser', undefined, {
        id: 1,
        firstname: 'A',
        lastname: 'B',
        email: 'a@example.com',
        role: 'user',
        email_verified_at: null,
        two_factor: false,
        created_at: '',
        updated_at: '',
      }),
    );
    const router = createMemoryRouter(
      [
        {
          element: <Keyed />,
          children: [
            { path: '/', lazy: async () => ({ Component: () => <p>home</p> }) },
            { path: '/login', element: <p>login</p> },
            {
              element: <RequireRole roles={['user']} />,
              children: [{ path: '/account/profile', lazy: async () => ({ Component: Account }) }],
            },
          ],
        },
      ],
      { initialEntries: ['/account/profile'] },
    );
    render(
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('home')).toBeInTheDocument();
    // Nothing later redirects to Login.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/');
    expect(store.getState().session.user).toBeNull();
  });
});
