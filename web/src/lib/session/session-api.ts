import { api, routeAuthFailure, UNVERIFIED_MESSAGE } from '../api/api.ts';
import type { UserAccount } from '../../../../shared/api/users.ts';

/** GET /api/session's body: who is signed in; it answers a guest 200 (the console stays clean). */
interface SessionBody {
  user: UserAccount | null;
  /** Signed in, but the email address is not verified yet (then `user` is null). */
  unverified?: boolean;
}

/** The current-user endpoint; app-level because every layout shows who is signed in. */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The current user, or null for a guest, from GET /api/session. Signed in but unverified comes
     * back as the 403 GET /api/user would have answered, so the session slice and the auth
     * redirects (lib/api/api.ts) treat both routes' answers alike.
     */
    getCurrentUser: build.query<UserAccount | null, void>({
      async queryFn(_arg, queryApi, _extra, baseQuery) {
        const result = await baseQuery('/api/session');
        if (result.error) return { error: result.error };
        const body = result.data as SessionBody;
        if (body.user) return { data: body.user };
        const error = body.unverified
          ? { status: 403, data: { message: UNVERIFIED_MESSAGE } }
          : { status: 401, data: { message: 'Unauthenticated.' } };
        routeAuthFailure(error, queryApi);
        return body.unverified ? { error } : { data: null };
      },
      providesTags: ['User'],
    }),
    /**
     * POST /logout. App-level because every signed-in layout offers it; `useLogout`
     * (lib/session/use-logout.ts) clears the local session once it has left the protected page.
     */
    logout: build.mutation<void, void>({
      query: () => ({ url: '/logout', method: 'POST', responseHandler: 'content-type' }),
    }),
  }),
});

export const { useGetCurrentUserQuery, useLogoutMutation } = sessionApi;

/**
 * Fetches GET /api/session again (after login, register, 2FA changes). Dispatch it and await the
 * result: `data` is the user; an `error` of 403 means signed in but not verified yet.
 */
export const reloadUser = () => sessionApi.endpoints.getCurrentUser.initiate(undefined, { forceRefetch: true, subscribe: false });
