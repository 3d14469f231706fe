import { createAction } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { ServerApiResolver } from '../../../../shared/server-render.ts';
import type { BaseQueryApi, BaseQueryFn, FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';

/** Every tag any feature may provide or invalidate; features inject endpoints, never a second api. */
const tagTypes = [
  'User',
  'Users',
  'Site',
  'Widget',
  'Gallery',
  'Catalogue',
  'Downloads',
  'Enquiry',
  'Stats',
  'TwoFactor',
  'PlantList',
  'Order',
] as const;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The CSRF token the server put in the readable XSRF-TOKEN cookie (Sanctum style), if any. */
export function readXsrfToken(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === 'XSRF-TOKEN') return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/**
 * The store's thunk extra argument. In the server render `resolveOnServer` answers the app's GET
 * requests (src/ssr/api-resolver.ts: the services directly, never HTTP to itself).
 */
export interface ApiExtra {
  resolveOnServer?: ServerApiResolver;
}

const rawBaseQuery = fetchBaseQuery({
  // Absolute, because fetch's Request (and jsdom in tests) cannot resolve a bare relative URL.
  // The server render never fetches (see ApiExtra), so its placeholder origin is never used.
  baseUrl: typeof window === 'undefined' ? 'http://server-render.invalid/' : `${window.location.origin}/`,
  credentials: 'include',
  prepareHeaders(headers, { arg }) {
    headers.set('X-Requested-With', 'XMLHttpRequest');
    headers.set('Accept', 'application/json');
    // Uploads (later issues) send FormData: the browser must write that Content-Type and boundary.
    const body = typeof arg === 'object' ? arg.body : undefined;
    if (!(body instanceof FormData) && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    const token = readXsrfToken();
    if (token) headers.set('X-XSRF-TOKEN', token);
    return headers;
  },
});

const primeCsrfCookie: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = (_args, api, extra) =>
  rawBaseQuery('/sanctum/csrf-cookie', api, extra);

/**
 * fetchBaseQuery plus the CSRF handshake: a state-changing request without an XSRF-TOKEN cookie
 * (first visit, or the cookie expired) fetches one first, and a 419 is retried once with a fresh
 * token, so a guest's contact form never fails just because the page stayed open for hours.
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta> = async (args, api, extra) => {
  const resolveOnServer = (api.extra as ApiExtra | undefined)?.resolveOnServer;
  if (resolveOnServer) {
    if (typeof args !== 'string') return { error: { status: 'CUSTOM_ERROR', error: 'The server render only reads.' } };
    return resolveOnServer(args);
  }
  const method = (typeof args === 'string' ? 'GET' : (args.method ?? 'GET')).toUpperCase();
  const unsafe = !SAFE_METHODS.has(method);
  if (unsafe && !readXsrfToken()) await primeCsrfCookie(args, api, extra);
  let result = await rawBaseQuery(args, api, extra);
  if (unsafe && result.error?.status === 419) {
    await primeCsrfCookie(args, api, extra);
    result = await rawBaseQuery(args, api, extra);
  }
  if (result.error) routeAuthFailure(result.error, api);
  return result;
};

/** Where an authentication failure sends the user (spec §8); see {@link routeAuthFailure}. */
export type AuthRedirectReason = 'login' | 'verify-email' | 'confirm-password';

/**
 * Asks the app to leave the current page because of an auth failure. The base query only
 * dispatches it: the session slice forgets the user on 'login', and `AuthRedirects`
 * (components/route-guards.tsx), which lives inside the router, does the navigating.
 */
export const authRedirectRequested = createAction<AuthRedirectReason>('api/authRedirectRequested');

/** The 403 body that means "verify your email first" (other 403s are plain permission errors). */
export const UNVERIFIED_MESSAGE = 'Your email address is not verified.';

/**
 * Endpoints whose 401/419 is an answer for the screen itself, not a lost session: a wrong login
 * form, or a logout that found the session already gone.
 */
const OWN_401_ENDPOINTS = new Set(['login', 'logout']);

/**
 * The one place that reacts to auth failures (spec §8), after the 419 retry above: 401/419 →
 * sign out and Login, 403 "not verified" → VerifyEmail, 423 → ConfirmPassword. The caller still
 * gets the error. The boot-time GET /api/user is exempt: there a 401 means "guest" and a 403
 * "signed in, not verified yet", and a visitor reading public pages is not pushed anywhere
 * (the route guards send them on when they open the account area).
 */
export function routeAuthFailure(error: FetchBaseQueryError, api: Pick<BaseQueryApi, 'endpoint' | 'getState' | 'dispatch'>): void {
  const state = api.getState() as { session?: { checked?: boolean } };
  if (api.endpoint === 'getCurrentUser' && state.session?.checked !== true) return;
  const { status } = error;
  if (status === 401 || status === 419) {
    if (!OWN_401_ENDPOINTS.has(api.endpoint)) api.dispatch(authRedirectRequested('login'));
  } else if (status === 403 && (error.data as { message?: unknown } | undefined)?.message === UNVERIFIED_MESSAGE) {
    api.dispatch(authRedirectRequested('verify-email'));
  } else if (status === 423) {
    api.dispatch(authRedirectRequested('confirm-password'));
  }
}

/** The RTK Query state the server render handed over: its finished queries and their tags. */
export interface ServerQueries {
  queries: Record<string, unknown>;
  mutations: Record<string, never>;
  provided: { tags: Record<string, unknown>; keys: Record<string, unknown> };
}

/** Replays the server render's query results into the browser's store (before hydrateRoot). */
export const serverQueriesReceived = createAction<ServerQueries>('api/serverQueriesReceived');

/**
 * The one RTK Query api of the app. It defines no endpoints: each feature calls
 * `api.injectEndpoints` in its own `api.ts`, so a lazily loaded page brings its endpoints with it.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes,
  endpoints: () => ({}),
  extractRehydrationInfo(action) {
    // The server render's results, replayed before hydration (app/handover.ts): the components'
    // first render then finds every query answered, exactly as on the server.
    return serverQueriesReceived.match(action) ? (action.payload as never) : undefined;
  },
});
