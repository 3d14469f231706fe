/**
 * The page's only script tag. A server-rendered page is complete and readable as it arrives, so
 * the app (React, the router, the page's own code) starts only once the browser has shown it:
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

/** How long after the load event the app starts if the browser never reports a contentful paint. */
const LATEST_START_AFTER_LOAD_MS = 1000;

/**
 * Runs `start` once the browser has shown the page's first text or image. A paint the main thread
 * has finished is not yet on screen: the compositor still rasters it (decoding the first slide,
 * say), and scripts fetched in that gap would only compete with it. The browser reports the first
 * contentful paint once it is presented, so the app waits for that report; a second after the load
 * event it starts anyway, should the report never come. Where paint timing is not supported, a
 * task queued from a requestAnimationFrame callback runs after the next paint.
 */
function afterFirstContentfulPaint(start: () => void): void {
  let started = false;
  const startOnce = (): void => {
    if (started) return;
    started = true;
    observer?.disconnect();
    start();
  };
  const observer = PerformanceObserver.supportedEntryTypes?.includes('paint')
    ? new PerformanceObserver((entries) => {
        if (entries.getEntriesByName('first-contentful-paint').length > 0) startOnce();
      })
    : undefined;
  if (observer) {
    observer.observe({ type: 'paint', buffered: true });
    window.addEventListener('load', () => setTimeout(startOnce, LATEST_START_AFTER_LOAD_MS), { once: true });
  } else {
    requestAnimationFrame(() => setTimeout(startOnce, 0));
  }
}

if (document.getElementById('root')?.hasChildNodes()) {
  afterFirstContentfulPaint(() => void startApp());
} else {
  void import('./main.tsx');
}
