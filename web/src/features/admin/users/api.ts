import { api } from '../../../lib/api/api.ts';
import type { Paged } from '../../../../../shared/api/paged.ts';
import type { AdminUserRow, Role, UserAccount, UserListFilters } from '../../../../../shared/api/users.ts';

/** Users per page (the server's default too). */
export const USERS_PAGE_SIZE = 25;

/** One page of the users list: its filters and zero-based page. */
interface UserListArgs extends UserListFilters {
  page: number;
}

/** POST /api/users's body; PATCH sends the same fields, the password ones empty to keep it. */
export interface UserInput {
  firstname: string;
  lastname: string;
  email: string;
  role: Role;
  password: string;
  password_confirmation: string;
}

const LIST = { type: 'Users', id: 'LIST' } as const;

/** Users admin (CONTRACT "Users (admin)"). */
const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<Paged<AdminUserRow>, UserListArgs>({
      query: ({ page, ...filters }) => ({
        url: '/api/users',
        // Only the filters in use: a blank one is no filter, and the URL stays short.
        params: { ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value)), limit: USERS_PAGE_SIZE, page },
      }),
      providesTags: [LIST],
    }),
    getUser: build.query<UserAccount, number>({
      query: (id) => `/api/users/${id}`,
      providesTags: (_user, _error, id) => [{ type: 'Users', id }],
    }),
    createUser: build.mutation<{ id: number }, UserInput>({
      query: (body) => ({ url: '/api/users', method: 'POST', body }),
      invalidatesTags: [LIST, 'Stats'],
    }),
    updateUser: build.mutation<UserAccount, UserInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/api/users/${id}`, method: 'PATCH', body }),
      invalidatesTags: (_user, error, { id }) => (error ? [] : [LIST, { type: 'Users', id }]),
    }),
    // The deleted user's own entry is not invalidated: refetching it would only give a 404.
    deleteUser: build.mutation<void, number>({
      query: (id) => ({ url: `/api/users/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST, 'Stats']),
    }),
  }),
});

export const { useListUsersQuery, useGetUserQuery, useCreateUserMutation, useUpdateUserMutation, useDeleteUserMutation } = usersApi;
