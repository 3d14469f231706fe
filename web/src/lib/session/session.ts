import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { authRedirectRequested, serverQueriesReceived } from '../api/api.ts';
import type { AuthRedirectReason } from '../api/api.ts';
import { sessionApi } from './session-api.ts';
import type { UserAccount } from '../../../../shared/api/users.ts';

/** Who is using the app. `checked` turns true once the first GET /api/user has answered. */
export interface SessionState {
  user: UserAccount | null;
  checked: boolean;
  /** Signed in but the email is not verified yet: GET /api/user answered 403, so `user` is null. */
  unverified: boolean;
  /** An auth failure the router has still to act on (see AuthRedirects in route-guards.tsx). */
  redirect: AuthRedirectReason | null;
}

/** RTK Query's cache key of GET /api/session's query. */
const CURRENT_USER_QUERY = 'getCurrentUser(undefined)';

const initialState: SessionState = { user: null, checked: false, unverified: false, redirect: null };

/** GET /api/session has answered with this user (null: a guest). */
function signedInAs(state: SessionState, user: UserAccount | null): void {
  state.user = user;
  state.checked = true;
  state.unverified = false;
}

/** Holds the current user; kept in step with every answer of the current-user query. */
export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    /** Forget the user (logout, or a 401 from an authenticated call in later issues). */
    signedOut(state) {
      state.user = null;
      state.unverified = false;
    },
    /** Set the user directly (e.g. after a profile update answered with the new user). */
    userChanged(state, action: PayloadAction<UserAccount | null>) {
      state.user = action.payload;
    },
    /** The router has acted on `redirect`. */
    redirectHandled(state) {
      state.redirect = null;
    },
  },
  extraReducers(builder) {
    builder
      .addCase(authRedirectRequested, (state, action) => {
        // A 401/419 means the server no longer knows us: forget the user before leaving the page.
        if (action.payload === 'login') {
          state.user = null;
          state.unverified = false;
        }
        if (action.payload === 'verify-email') state.unverified = true;
        state.redirect = action.payload;
      })
      // A personal page rendered on the server (the plant list) hands over who it was rendered for;
      // taken as the first answer, so the hydrated header is the server's.
      .addCase(serverQueriesReceived, (state, action) => {
        const answer = action.payload.queries[CURRENT_USER_QUERY] as { status?: string; data?: UserAccount | null } | undefined;
        if (answer?.status === 'fulfilled') signedInAs(state, answer.data ?? null);
      })
      .addMatcher(sessionApi.endpoints.getCurrentUser.matchFulfilled, (state, action) => signedInAs(state, action.payload))
      .addMatcher(sessionApi.endpoints.getCurrentUser.matchRejected, (state, action) => {
        // A request skipped because one is already running is not an answer.
        if (action.meta.condition) return;
        state.user = null;
        state.checked = true;
        state.unverified = (action.payload as { status?: unknown } | undefined)?.status === 403;
      });
  },
});

export const { userChanged, redirectHandled } = sessionSlice.actions;

/** The current user, or null for a guest. Typed against the slice, not the store, to avoid cycles. */
export const selectCurrentUser = (state: { session: SessionState }): UserAccount | null => state.session.user;

/** True once the first user fetch has finished either way. */
export const selectSessionChecked = (state: { session: SessionState }): boolean => state.session.checked;

/** True when someone is signed in whose email is not verified yet (so `user` is null). */
export const selectUnverified = (state: { session: SessionState }): boolean => state.session.unverified;

/** The auth redirect waiting for the router, if any. */
export const selectAuthRedirect = (state: { session: SessionState }): AuthRedirectReason | null => state.session.redirect;
