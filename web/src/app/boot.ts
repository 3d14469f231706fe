/**
 * The page's only script tag. A server-rendered page is complete and readable as it arrives, so
 * the app (React, the router, the page's own code) starts only once the browser has painted it:
 * script evaluation and hydration then never delay the first paint or the largest one. A
 * client-rendered screen (its #root arrives empty: sign-in flows, account, admin) has nothing to
 * paint without the app, so it starts at once. This file imports nothing, so it is one small
 * request.
 */
const startApp = () => import('./main.tsx');

if (document.getElementById('root')?.hasChildNodes()) {
  // A requestAnimationFrame callback runs just before the next paint; a task queued from it runs
  // after that paint.
  requestAnimationFrame(() => setTimeout(startApp, 0));
} else {
  void startApp();
}
