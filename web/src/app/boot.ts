/**
 * The page's only script tag. A server-rendered page is complete and readable as it arrives, so
 * the app (React, the router, the page's own code) starts only once the browser has painted it:
 * script evaluation and hydration then never delay the first paint or the largest one. A
 * client-rendered screen (its #root arrives empty: sign-in flows, account, admin) has nothing to
 * paint without the app, so it starts at once. This file imports nothing up front, so it is one
 * small request.
 */
async function startApp(): Promise<void> {
  // Evaluating a module graph is one task the browser cannot interrupt, and a phone takes tens of
  // milliseconds over React DOM alone: it is evaluated in a task of its own (a tap between the two
  // is answered at once), then the app's modules, which find it ready. (Only React DOM: it is
  // CommonJS, kept whole anyway; importing an ES library's whole namespace here would keep every
  // export of it in the bundle.)
  await import('react-dom/client');
  await nextTask();
  await import('./main.tsx');
}

/** Resolves after the browser has run whatever else was waiting (input, a paint). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

if (document.getElementById('root')?.hasChildNodes()) {
  // A requestAnimationFrame callback runs just before the next paint; a task queued from it runs
  // after that paint.
  requestAnimationFrame(() => setTimeout(() => void startApp(), 0));
} else {
  void import('./main.tsx');
}
