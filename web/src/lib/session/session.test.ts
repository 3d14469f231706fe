import { describe, expect, it } from 'vitest';
import { json, mockServer } from '../../test/fetch.ts';
import { selectCurrentUser, selectSessionChecked } from './session.ts';
import { sessionApi } from './session-api.ts';
import { makeStore } from '../store.ts';

describe('session', () => {
  it('treats a 401 from /api/user as a guest', async () => {
    mockServer({ 'GET /api/user': () => json({ message: 'Unauthenticated.' }, 401) });
    const store = makeStore();
    const result = await store.dispatch(sessionApi.endpoints.getCurrentUser.initiate());
    expect(result.isSuccess).toBe(true);
    expect(selectCurrentUser(store.getState())).toBeNull();
    expect(selectSessionChecked(store.getState())).toBe(true);
  });

  it('keeps the signed-in user from data.data', async () => {
    const user = { id: 1, firstname: 'Ann', lastname: 'Oak', email: 'ann@example.com', role: 'admin' };
    mockServer({ 'GET /api/user': () => json({ data: user }) });
    const store = makeStore();
    await store.dispatch(sessionApi.endpoints.getCurrentUser.initiate());
    expect(selectCurrentUser(store.getState())).toEqual(user);
  });
});
