import {
  ACCOUNT_AREA,
  ADMIN_AREA,
  AUTH_SCREEN_PATHS,
  pathPattern,
  PLANT_LIST_QUOTE_SCREEN,
  PLANT_LIST_SCHEDULE_SCREEN,
  PLANT_LIST_SCREEN,
  ORDER_SCREEN,
  QUOTATION_SCREEN,
} from '../../shared/app-routes.ts';

/** Paths the server never renders as pages: the API, files, and the client-rendered screens. */
const NOT_PAGES: RegExp[] = [
  /^\/(api|assets|media|downloads|sanctum|user|email)(\/|$)/,
  // The screens behind a sign-in or an emailed link, the account and admin areas, and the quote
  // form stay client-rendered (the app shell). Register, login, forgot password, verify email and
  // the plant list are pages: they work without JavaScript.
  pathPattern(AUTH_SCREEN_PATHS.twoFactorChallenge),
  pathPattern(AUTH_SCREEN_PATHS.resetPassword),
  pathPattern(AUTH_SCREEN_PATHS.confirmPassword),
  ACCOUNT_AREA,
  ADMIN_AREA,
  PLANT_LIST_QUOTE_SCREEN,
  QUOTATION_SCREEN,
  PLANT_LIST_SCHEDULE_SCREEN,
  ORDER_SCREEN,
  // A file name (favicon.svg, robots.txt…) is a file, present or not.
  /\/[^/]*\.[a-z0-9]{2,5}$/i,
];

/** Whether a GET of this path is answered with a server-rendered page (a public page or the 404 page). */
export const isServerRenderedPath = (path: string): boolean => !NOT_PAGES.some((pattern) => pattern.test(path));

/**
 * Pages rendered for the visitor who asks (their own plant list): never cached, never shared, and
 * marked private (src/ssr/pages.ts).
 */
export const isPersonalPagePath = (path: string): boolean => PLANT_LIST_SCREEN.test(path);
