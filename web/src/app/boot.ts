/**
 * The page's only script tag. A server-rendered page is complete and readable as it arrives, so
 * the app (React, the router, the page's own code) starts only once the browser has shown it, its
 * text and its lead picture: script evaluation and hydration then never delay the first paint or
 * the largest one, nor compete with them for the network. A client-rendered screen (its #root
 * arrives empty: sign-in flows, account, admin) has nothing to paint without the app, so it starts
 * at once. This file imports nothing up front, so it is one small request.
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

/** How long after the load event the app starts if the browser never reports the page as shown. */
const LATEST_START_AFTER_LOAD_MS = 1000;

/**
 * Resolves once the browser reports an entry of `type` that `matches`; undefined where the browser
 * does not report that type. The browser reports a paint once it is on screen, not just drawn: a
 * drawn frame is still to be rastered (the first slide decoded), and scripts fetched in that gap
 * would compete with it for the network and the processor.
 */
function reported(type: string, matches: (entry: PerformanceEntry) => boolean): Promise<void> | undefined {
  if (!PerformanceObserver.supportedEntryTypes?.includes(type)) return undefined;
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((entries) => {
      if (!entries.getEntries().some(matches)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type, buffered: true });
  });
}

/** Resolves after the browser's next paint (a task queued from a requestAnimationFrame callback). */
function nextPaint(): Promise<void> {
  return new Promise<void>((resolve) => requestAnimationFrame(() => resolve())).then(nextTask);
}

/**
 * Resolves once the page's lead picture (web/src/components/lead-picture.ts) is on screen, has
 * failed to load, or cannot be timed (a browser without Element Timing); at once if it has none.
 */
function leadPictureShown(): Promise<void> {
  const lead = document.querySelector<HTMLImageElement>('#root img[elementtiming]');
  if (!lead || (lead.complete && lead.naturalWidth === 0)) return Promise.resolve();
  const shown = reported('element', (entry) => (entry as PerformanceEntry & { element?: Element | null }).element === lead);
  if (!shown) return Promise.resolve();
  const failed = new Promise<void>((resolve) => lead.addEventListener('error', () => resolve(), { once: true }));
  return Promise.race([shown, failed]);
}

/**
 * Runs `start` once the page is on screen: its first text (the first contentful paint) and its lead
 * picture, the largest paint of a page that has one. A second after the load event it starts
 * anyway, should a report never come.
 */
function afterPageShown(start: () => void): void {
  const firstContentfulPaint = reported('paint', ({ name }) => name === 'first-contentful-paint') ?? nextPaint();
  const latest = new Promise<void>((resolve) =>
    window.addEventListener('load', () => setTimeout(resolve, LATEST_START_AFTER_LOAD_MS), { once: true }),
  );
  void Promise.race([Promise.all([firstContentfulPaint, leadPictureShown()]), latest]).then(start);
}

if (document.getElementById('root')?.hasChildNodes()) {
  afterPageShown(() => void startApp());
} else {
  void import('./main.tsx');
}
