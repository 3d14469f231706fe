import { api } from '../../../app/api.ts';

/** A role; `admin` opens the admin area. */
export type Role = 'user' | 'admin';

/** A user as GET /api/users lists them. */
export interface UserSummary {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  role: Role;
}

/** A user as GET /api/users/{id} shows one. */
export interface AdminUser extends UserSummary {
  email_verified_at: string | null;
  two_factor: boolean;
  created_at: string;
  updated_at: string;
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
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<UserSummary[], void>({
      query: () => '/api/users',
      providesTags: [LIST],
    }),
    getUser: build.query<AdminUser, number>({
      query: (id) => `/api/users/${id}`,
      providesTags: (_user, _error, id) => [{ type: 'Users', id }],
    }),
    createUser: build.mutation<{ id: number }, UserInput>({
      query: (body) => ({ url: '/api/users', method: 'POST', body }),
      invalidatesTags: [LIST, 'Stats'],
    }),
    updateUser: build.mutation<AdminUser, UserInput & { id: number }>({
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
