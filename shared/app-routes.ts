/**
 * The React app's paths, listed once for both sides: web/src/app/routes.tsx builds its route table
 * from them, and the web process (src/http/spa.ts, src/ssr/paths.ts) knows from them which paths
 * are the app's screens (200 with the shell) and which are unknown (404). Patterns are React
 * Router's, relative to the site root: `:name` is one path segment, a final `*` any rest.
 */

/** The public pages, server-rendered, by route id. */
export const PAGE_PATHS = {
  home: '',
  about: 'about',
  shows: 'shows',
  find: 'find',
  terms: 'terms',
  privacy: 'legal/privacy',
  environmental: 'environmental',
  biosecurity: 'biosecurity',
  cookies: 'cookies',
  catalogue: 'catalogue',
  genus: 'catalogue/genus/:slug',
  contact: 'contact',
  'contact-sent': 'contact/sent',
} as const;

/** The sign-up and sign-in screens: always client-rendered, and never a page to come back to after signing in. */
export const AUTH_SCREEN_PATHS = {
  register: 'register',
  login: 'login',
  twoFactorChallenge: 'two-factor-challenge',
  forgotPassword: 'forgot-password',
  resetPassword: 'reset-password/:token',
  verifyEmail: 'verify-email',
  confirmPassword: 'confirm-password',
} as const;

/** The signed-in account area: its root and its screens (relative to it). */
export const ACCOUNT_PATH = 'account';
export const ACCOUNT_SCREEN_PATHS = {
  profile: 'profile',
  password: 'password',
  twoFactor: '2fa',
  quoteRequests: 'quote-requests',
  quoteRequest: 'quote-requests/:id',
  orders: 'orders',
  order: 'orders/:id',
  trade: 'trade',
} as const;

/** The plant list (quote basket): client-rendered, for guests and signed-in buyers alike. */
export const PLANT_LIST_PATH = 'plant-list';

/** The quote request form for the plant list: client-rendered like the list it sends. */
export const PLANT_LIST_QUOTE_PATH = 'plant-list/quote';

/**
 * A sent quotation as its buyer reads it (issue 19): client-rendered, reached from the quotation
 * mail — a guest's link carries `?token=`, so the page is never a server-rendered, cacheable one.
 */
export const QUOTATION_PATH = 'quotations/:id';
/** Upload a planting schedule and review its match (issue 19): client-rendered like the quote form. */
export const PLANT_LIST_SCHEDULE_PATH = 'plant-list/schedule';

/**
 * An order as its buyer reads it without an account (issue 19): reached from the confirmation
 * after accepting through the quotation mail's link, which it carries on as `?token=`; so,
 * like the quotation, client-rendered and never cached.
 */
export const ORDER_PATH = 'orders/:id';

/** The admin area: one route for /admin and everything below it (its own table: layouts/admin/admin-area.tsx). */
export const ADMIN_PATH = 'admin/*';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A route pattern as a RegExp over a URL path (case-sensitive; a trailing slash allowed):
 * `catalogue/genus/:slug` → /^\/catalogue\/genus\/[^/]+\/?$/, `admin/*` → /admin and below.
 */
export function pathPattern(pattern: string): RegExp {
  const segments = pattern.split('/').filter(Boolean);
  const splat = segments.at(-1) === '*';
  if (splat) segments.pop();
  const body = segments.map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment))).join('/');
  if (splat) return new RegExp(`^/${body}(?:/.*)?$`);
  return new RegExp(body ? `^/${body}/?$` : '^/$');
}

/** The sign-up and sign-in screens' paths. */
const AUTH_SCREENS: readonly RegExp[] = Object.values(AUTH_SCREEN_PATHS).map(pathPattern);

/** The account area, any screen of it. */
export const ACCOUNT_AREA = pathPattern(`${ACCOUNT_PATH}/*`);

/** The plant list's screen (the server leaves it to the app shell). */
export const PLANT_LIST_SCREEN = pathPattern(PLANT_LIST_PATH);

/** The plant list's quote request form (client-rendered too). */
export const PLANT_LIST_QUOTE_SCREEN = pathPattern(PLANT_LIST_QUOTE_PATH);

/** The schedule upload and review (client-rendered too). */
export const PLANT_LIST_SCHEDULE_SCREEN = pathPattern(PLANT_LIST_SCHEDULE_PATH);

/** The admin area, any screen of it. */
export const ADMIN_AREA = pathPattern(ADMIN_PATH);

/** The buyer's quotation page. */
export const QUOTATION_SCREEN = pathPattern(QUOTATION_PATH);

/** The public order page. */
export const ORDER_SCREEN = pathPattern(ORDER_PATH);

const CLIENT_ROUTES: readonly RegExp[] = [
  ...Object.values(PAGE_PATHS).map(pathPattern),
  ...AUTH_SCREENS,
  pathPattern(ACCOUNT_PATH),
  ...Object.values(ACCOUNT_SCREEN_PATHS).map((screen) => pathPattern(`${ACCOUNT_PATH}/${screen}`)),
  PLANT_LIST_SCREEN,
  PLANT_LIST_QUOTE_SCREEN,
  QUOTATION_SCREEN,
  PLANT_LIST_SCHEDULE_SCREEN,
  ORDER_SCREEN,
  ADMIN_AREA,
];

/** Whether the app has a screen at this path (a known page, auth screen, account screen or the admin area). */
export const isClientRoute = (path: string): boolean => CLIENT_ROUTES.some((route) => route.test(path));

/** Whether this path is a sign-up or sign-in screen. */
export const isAuthScreen = (path: string): boolean => AUTH_SCREENS.some((route) => route.test(path));
