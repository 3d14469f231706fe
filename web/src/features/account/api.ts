import { api } from '../../lib/api/api.ts';
import type { UserAccount } from '../../../../shared/api/users.ts';

/** PUT /user/profile-information. */
export interface ProfileInput {
  firstname: string;
  lastname: string;
  email: string;
}

/** PUT /user/password. */
export interface PasswordInput {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** GET /user/two-factor-qr-code. */
interface TwoFactorQrCode {
  svg: string;
  url: string;
}

/**
 * The account area's calls: profile, password and two-factor management. Every two-factor call
 * needs a recent password confirmation; a 423 is routed to ConfirmPassword by the base query.
 * The secrets (setup key, recovery codes) are never kept once their screen is gone.
 */
const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** 200 `{data: user}`; 422 per field. A changed email becomes unverified. */
    updateProfile: build.mutation<UserAccount, ProfileInput>({
      query: (body) => ({ url: '/user/profile-information', method: 'PUT', body }),
      transformResponse: (answer: { data: UserAccount }) => answer.data,
    }),
    /** 200 `{message}`; 422 per field (wrong current password, confirmation, length). */
    updatePassword: build.mutation<{ message: string }, PasswordInput>({
      query: (body) => ({ url: '/user/password', method: 'PUT', body }),
    }),
    /** 200: a new, unconfirmed secret and recovery codes. */
    enableTwoFactor: build.mutation<void, void>({
      query: () => ({ url: '/user/two-factor-authentication', method: 'POST' }),
      invalidatesTags: ['TwoFactor'],
    }),
    /** 200: two-factor is on; 422 `errors.code` for a wrong code. */
    confirmTwoFactor: build.mutation<void, string>({
      query: (code) => ({ url: '/user/confirmed-two-factor-authentication', method: 'POST', body: { code } }),
    }),
    /** 200: secret and recovery codes removed. */
    disableTwoFactor: build.mutation<void, void>({
      query: () => ({ url: '/user/two-factor-authentication', method: 'DELETE' }),
    }),
    getTwoFactorQrCode: build.query<TwoFactorQrCode, void>({
      query: () => '/user/two-factor-qr-code',
      providesTags: ['TwoFactor'],
      keepUnusedDataFor: 0,
    }),
    getTwoFactorSecretKey: build.query<string, void>({
      query: () => '/user/two-factor-secret-key',
      transformResponse: (answer: { secretKey: string }) => answer.secretKey,
      providesTags: ['TwoFactor'],
      keepUnusedDataFor: 0,
    }),
    getRecoveryCodes: build.query<string[], void>({
      query: () => '/user/two-factor-recovery-codes',
      providesTags: ['TwoFactor'],
      keepUnusedDataFor: 0,
    }),
    /** 200 with 8 new codes; the list on screen reloads (spec §4). */
    regenerateRecoveryCodes: build.mutation<string[], void>({
      query: () => ({ url: '/user/two-factor-recovery-codes', method: 'POST' }),
      invalidatesTags: ['TwoFactor'],
    }),
  }),
});

export const {
  useUpdateProfileMutation,
  useUpdatePasswordMutation,
  useEnableTwoFactorMutation,
  useConfirmTwoFactorMutation,
  useDisableTwoFactorMutation,
  useGetTwoFactorQrCodeQuery,
  useGetTwoFactorSecretKeyQuery,
  useGetRecoveryCodesQuery,
  useRegenerateRecoveryCodesMutation,
} = accountApi;
