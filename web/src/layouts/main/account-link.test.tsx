import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionApi } from '../../lib/session/session-api.ts';
import { makeStore } from '../../lib/store.ts';
import { renderWithApp } from '../../test/render.tsx';
import { AccountLink } from './account-link.tsx';

describe('AccountLink', () => {
  it('offers "Log in" to guests', async () => {
    const store = makeStore();
    await store.dispatch(sessionApi.util.upsertQueryData('getCurrentUser', undefined, null));
    renderWithApp(<AccountLink />, { store });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('offers "My account" once signed in', async () => {
    const store = makeStore();
    const user = {
      id: 1,
      firstname: 'A',
      lastname: 'B',
      email: 'a@example.com',
      role: 'user' as const,
      email_verified_at: null,
      two_factor: false,
      created_at: '',
      updated_at: '',
    };
    await store.dispatch(sessionApi.util.upsertQueryData('getCurrentUser', undefined, user));
    renderWithApp(<AccountLink />, { store });
    expect(screen.getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/account');
  });
});
