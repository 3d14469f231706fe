import { api } from './api.ts';

/** The signed-in account as GET /api/user presents it. */
export interface User {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  role: 'user' | 'admin';
  email_verified_at: string | null;
  two_factor: boolean;
  created_at: string;
  updated_at: string;
}

/** The current-user endpoint; app-level because the whole app waits for it before rendering. */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The current user, or null for a guest: a 401 here is the normal answer, not an error. */
    getCurrentUser: build.query<User | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('/api/user');
        if (result.error?.status === 401) return { data: null };
        if (result.error) return { error: result.error };
        return { data: (result.data as { data: User }).data };
      },
      providesTags: ['User'],
    }),
    /**
     * POST /logout. App-level because every signed-in layout offers it; `useLogout`
     * (app/use-logout.ts) clears the local session once it has left the protected page.
     */
    logout: build.mutation<void, void>({
      query: () => ({ url: '/logout', method: 'POST', responseHandler: 'content-type' }),
    }),
  }),
});

export const { useGetCurrentUserQuery, useLogoutMutation } = sessionApi;

/**
 * Fetches GET /api/user again (after login, register, 2FA changes). Dispatch it and await the
 * result: `data` is the user; an `error` of 403 means signed in but not verified yet.
 */
export const reloadUser = () => sessionApi.endpoints.getCurrentUser.initiate(undefined, { forceRefetch: true, subscribe: false });
