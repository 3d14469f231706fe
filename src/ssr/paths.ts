import { ACCOUNT_AREA, ADMIN_AREA, AUTH_SCREENS, PLANT_LIST_QUOTE_SCREEN, PLANT_LIST_SCREEN } from '../../shared/app-routes.ts';

/** Paths the server never renders as pages: the API, files, and the client-rendered screens. */
const NOT_PAGES: RegExp[] = [
  /^\/(api|assets|media|downloads|sanctum|user|email)(\/|$)/,
  // Sign-up, sign-in, account and admin screens stay client-rendered (the app shell).
  ...AUTH_SCREENS,
  ACCOUNT_AREA,
  ADMIN_AREA,
  // The plant list is the browser's own (a guest's list in localStorage): client-rendered too.
  PLANT_LIST_SCREEN,
  PLANT_LIST_QUOTE_SCREEN,
  // A file name (favicon.svg, robots.txt…) is a file, present or not.
  /\/[^/]*\.[a-z0-9]{2,5}$/i,
];

/** Whether a GET of this path is answered with a server-rendered page (a public page or the 404 page). */
export const isServerRenderedPath = (path: string): boolean => !NOT_PAGES.some((pattern) => pattern.test(path));
