import { describe, expect, it } from 'vitest';
import { json, mockServer } from '../../test/fetch.ts';
import { api } from './api.ts';
import { sessionApi } from '../session/session-api.ts';
import type { UserAccount } from '../../../../shared/api/users.ts';
import { makeStore } from '../store.ts';

const probe = api.injectEndpoints({
  endpoints: (build) => ({
    probeAuth: build.query<unknown, void>({ query: () => '/api/probe' }),
    probeWrite: build.mutation<unknown, void>({ query: () => ({ url: '/api/probe', method: 'POST' }) }),
  }),
});

const user: UserAccount = {
  id: 7,
  firstname: 'Ann',
  lastname: 'Oak',
  email: 'ann@example.com',
  role: 'user',
  email_verified_at: '2026-01-01T00:00:00.000Z',
  two_factor: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

/** A store whose boot-time user check has answered with `user`. */
async function signedInStore() {
  const store = makeStore();
  await store.dispatch(sessionApi.util.upsertQueryData('getCurrentUser', undefined, user));
  return store;
}

describe('base query auth failures (spec §8)', () => {
  it('401: forgets the user and asks for Login; the caller still gets the error', async () => {
    mockServer({ 'GET /api/probe': () => json({ message: 'Unauthenticated.' }, 401) });
    const store = await signedInStore();
    expect(store.getState().session.user).toEqual(user);
    const result = await store.dispatch(probe.endpoints.probeAuth.initiate());
    expect(result.error).toMatchObject({ status: 401 });
    expect(store.getState().session.user).toBeNull();
    expect(store.getState().session.redirect).toBe('login');
  });

  it('419 after the one retry: Login too', async () => {
    document.cookie = 'XSRF-TOKEN=stale; path=/';
    const seen = mockServer({
      'GET /sanctum/csrf-cookie': () => json(null, 204),
      'POST /api/probe': () => json({ message: 'CSRF token mismatch.' }, 419),
    });
    const store = await signedInStore();
    const result = await store.dispatch(probe.endpoints.probeWrite.initiate());
    expect(result.error).toMatchObject({ status: 419 });
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(2);
    expect(store.getState().session.redirect).toBe('login');
    expect(store.getState().session.user).toBeNull();
  });

  it('the boot-time GET /api/user is exempt: a 401 is a guest, a 403 an unverified account', async () => {
    mockServer({ 'GET /api/user': () => json({ message: 'Unauthenticated.' }, 401) });
    const guest = makeStore();
    await guest.dispatch(sessionApi.endpoints.getCurrentUser.initiate());
    expect(guest.getState().session).toMatchObject({ user: null, checked: true, redirect: null, unverified: false });

    mockServer({ 'GET /api/user': () => json({ message: 'Your email address is not verified.' }, 403) });
    const unverified = makeStore();
    await unverified.dispatch(sessionApi.endpoints.getCurrentUser.initiate());
    expect(unverified.getState().session).toMatchObject({ user: null, checked: true, redirect: null, unverified: true });
  });

  it('a later reload of the user that answers 403 "not verified" goes to VerifyEmail', async () => {
    mockServer({ 'GET /api/user': () => json({ message: 'Your email address is not verified.' }, 403) });
    const store = await signedInStore();
    await store.dispatch(sessionApi.endpoints.getCurrentUser.initiate(undefined, { forceRefetch: true }));
    expect(store.getState().session).toMatchObject({ user: null, unverified: true, redirect: 'verify-email' });
  });

  it('a 401 from POST /login is the form’s own answer, not a lost session', async () => {
    const auth = api.injectEndpoints({
      endpoints: (build) => ({ login: build.mutation<unknown, void>({ query: () => ({ url: '/login', method: 'POST' }) }) }),
      overrideExisting: false,
    });
    document.cookie = 'XSRF-TOKEN=t; path=/';
    mockServer({ 'POST /login': () => json({ message: 'Unauthenticated.' }, 401) });
    const store = makeStore();
    await store.dispatch(auth.endpoints.login.initiate());
    expect(store.getState().session.redirect).toBeNull();
  });

  it('403 other than "not verified" is a plain permission error: no redirect', async () => {
    mockServer({ 'GET /api/probe': () => json({ message: 'This action is unauthorized.' }, 403) });
    const store = await signedInStore();
    const result = await store.dispatch(probe.endpoints.probeAuth.initiate());
    expect(result.error).toMatchObject({ status: 403 });
    expect(store.getState().session.redirect).toBeNull();
    expect(store.getState().session.user).toEqual(user);
  });

  it('423: asks for ConfirmPassword and keeps the user', async () => {
    mockServer({ 'GET /api/probe': () => json({ message: 'Password confirmation required.' }, 423) });
    const store = await signedInStore();
    const result = await store.dispatch(probe.endpoints.probeAuth.initiate());
    expect(result.error).toMatchObject({ status: 423 });
    expect(store.getState().session.redirect).toBe('confirm-password');
    expect(store.getState().session.user).toEqual(user);
  });
});
