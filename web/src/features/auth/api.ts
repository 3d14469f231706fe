import { api } from '../../lib/api/api.ts';

/** POST /register. */
export interface Registration {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  password_confirmation: string;
}

/** POST /login. */
interface Credentials {
  email: string;
  password: string;
  remember: boolean;
}

/** POST /reset-password. */
interface PasswordReset {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}

/** A `{message}` answer. */
interface MessageAnswer {
  message: string;
}

/**
 * The Fortify-compatible sign-up and sign-in routes (contract: Authentication). Logout and the
 * current user are app-level (lib/session/session-api.ts) because every layout needs them.
 */
const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /sanctum/csrf-cookie: a fresh XSRF-TOKEN before login and register (spec §7). The base
     * query would prime a missing one anyway; asking first also renews a stale one.
     */
    csrfCookie: build.mutation<void, void>({
      query: () => ({ url: '/sanctum/csrf-cookie', method: 'GET' }),
    }),
    /** 201 and signed in (unverified); 422 per field. */
    register: build.mutation<unknown, Registration>({
      query: (body) => ({ url: '/register', method: 'POST', body }),
    }),
    /** 200 `{two_factor}`: true means the challenge must follow; 422 `{message}`; 429. */
    login: build.mutation<{ two_factor: boolean }, Credentials>({
      query: (body) => ({ url: '/login', method: 'POST', body }),
    }),
    /** 204 and signed in. The screen sends the one entered text as both fields (spec §7). */
    twoFactorChallenge: build.mutation<void, string>({
      query: (text) => ({
        url: '/two-factor-challenge',
        method: 'POST',
        body: { code: text, recovery_code: text },
        responseHandler: 'content-type',
      }),
    }),
    /** 200 `{message}`, the same whether or not the address has an account. */
    forgotPassword: build.mutation<MessageAnswer, { email: string }>({
      query: (body) => ({ url: '/forgot-password', method: 'POST', body }),
    }),
    /** 200 `{message}`; 422 when the token is invalid, used or expired. */
    resetPassword: build.mutation<MessageAnswer, PasswordReset>({
      query: (body) => ({ url: '/reset-password', method: 'POST', body }),
    }),
    /** 202 a new link was sent; 204 already verified; 429. Returns the status. */
    resendVerification: build.mutation<number, void>({
      // Koa answers a bodiless 202 with the text "Accepted": read by content type, not as JSON.
      query: () => ({ url: '/email/verification-notification', method: 'POST', responseHandler: 'content-type' }),
      transformResponse: (_body: unknown, meta) => meta?.response?.status ?? 0,
    }),
    /** 201: sensitive actions are allowed for 3 hours; 422 wrong password. */
    confirmPassword: build.mutation<void, { password: string }>({
      query: (body) => ({ url: '/user/confirm-password', method: 'POST', body, responseHandler: 'content-type' }),
    }),
  }),
});

export const {
  useCsrfCookieMutation,
  useRegisterMutation,
  useLoginMutation,
  useTwoFactorChallengeMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useResendVerificationMutation,
  useConfirmPasswordMutation,
} = authApi;
