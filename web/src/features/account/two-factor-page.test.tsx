import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { AuthRedirects } from '../../components/route-guards.tsx';
import { sessionApi } from '../../lib/session/session-api.ts';
import type { UserAccount } from '../../../../shared/api/users.ts';
import { makeStore } from '../../lib/store.ts';
import { json, mockServer } from '../../test/fetch.ts';
import { TwoFactorPage } from './two-factor-page.tsx';

const user: UserAccount = {
  id: 5,
  firstname: 'Ann',
  lastname: 'Oak',
  email: 'ann@example.com',
  role: 'user',
  email_verified_at: '2026-01-01T00:00:00.000Z',
  two_factor: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';
const codesA = Array.from({ length: 8 }, (_, i) => `aaaaaaaaa${i}-bbbbbbbbbb`);
const codesB = Array.from({ length: 8 }, (_, i) => `ccccccccc${i}-dddddddddd`);

function ConfirmStandIn() {
  const location = useLocation();
  return <p>confirm page {JSON.stringify(location.state)}</p>;
}

async function renderPage() {
  const store = makeStore();
  await store.dispatch(sessionApi.util.upsertQueryData('getCurrentUser', undefined, user));
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
          { path: '/account/2fa', element: <TwoFactorPage /> },
          { path: '/confirm-password', element: <ConfirmStandIn /> },
        ],
      },
    ],
    { initialEntries: ['/account/2fa'] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { router, store };
}

/** The server side of two-factor, as far as this screen can see it. */
function fakeServer() {
  const state = { confirmedPassword: true, secret: false, on: false, codes: codesA };
  const locked = () => (state.confirmedPassword ? undefined : json({ message: 'Password confirmation required.' }, 423));
  const seen = mockServer({
    'GET /api/user': () => json({ data: { ...user, two_factor: state.on } }),
    'POST /user/two-factor-authentication': () => locked() ?? ((state.secret = true), json({})),
    'GET /user/two-factor-qr-code': () =>
      locked() ?? json({ svg: SVG, url: 'otpauth://totp/Hothfield:ann%40example.com?secret=JBSWY3DPEHPK3PXP' }),
    'GET /user/two-factor-secret-key': () => locked() ?? json({ secretKey: 'JBSWY3DPEHPK3PXP' }),
    'POST /user/confirmed-two-factor-authentication': (request) => {
      if ((request.body as { code: string }).code !== '123456') {
        return json(
          {
            message: 'The provided two factor authentication code was invalid.',
            errors: { code: ['The provided two factor authentication code was invalid.'] },
          },
          422,
        );
      }
      state.on = true;
      return json({});
    },
    'GET /user/two-factor-recovery-codes': () => locked() ?? json(state.codes),
    'POST /user/two-factor-recovery-codes': () => locked() ?? ((state.codes = codesB), json(codesB)),
    'DELETE /user/two-factor-authentication': () => locked() ?? ((state.on = false), (state.secret = false), json({})),
  });
  return { state, seen };
}

describe('TwoFactorPage', () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
  });

  it('Activate answered 423 goes to ConfirmPassword, remembering /account/2fa', async () => {
    const { state } = fakeServer();
    state.confirmedPassword = false;
    const { router } = await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText(/confirm page/)).toHaveTextContent('{"from":"/account/2fa"}');
    expect(router.state.location.pathname).toBe('/confirm-password');
  });

  it('walks off → setup (QR code, key, first code) → on → codes shown, regenerated → deactivated → off', async () => {
    const { seen } = fakeServer();
    const events = userEvent.setup();
    await renderPage();
    expect(screen.getByText('You have not enabled two factor authentication.')).toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Activate' }));
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    // The server's SVG is shown as an image, never injected as markup.
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;utf8,${encodeURIComponent(SVG)}`);
    expect(document.querySelector('svg rect')).toBeNull();
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(screen.getByText(/scan the following QR code/)).toHaveTextContent(/first 6-digit code/);

    await events.type(screen.getByLabelText(/^Code/), '000000');
    await events.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The provided two factor authentication code was invalid.')).toBeInTheDocument();
    await events.clear(screen.getByLabelText(/^Code/));
    await events.type(screen.getByLabelText(/^Code/), '123 456');
    await events.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('You have enabled two factor authentication.')).toBeInTheDocument();
    expect(seen.filter((r) => r.url.pathname === '/user/confirmed-two-factor-authentication').at(-1)?.body).toEqual({ code: '123456' });
    // Right after enabling, the recovery codes are shown to be stored.
    const list = await screen.findByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codesA);

    await events.click(screen.getByRole('button', { name: 'Hide Recovery Codes' }));
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Regenerate Recovery Codes' }));
    await waitFor(() => expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(codesB));

    await events.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate two-factor authentication on your account?' });
    await events.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('You have not enabled two factor authentication.')).toBeInTheDocument();
    expect(seen.some((r) => r.method === 'DELETE' && r.url.pathname === '/user/two-factor-authentication')).toBe(true);
  });

  it('Cancel in the dialog keeps two-factor on', async () => {
    const { state, seen } = fakeServer();
    state.on = true;
    const store = makeStore();
    await store.dispatch(sessionApi.util.upsertQueryData('getCurrentUser', undefined, { ...user, two_factor: true }));
    const router = createMemoryRouter([{ path: '*', element: <TwoFactorPage /> }]);
    render(
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('You have enabled two factor authentication.')).toBeInTheDocument();
    expect(seen.some((r) => r.method === 'DELETE')).toBe(false);
  });
});
