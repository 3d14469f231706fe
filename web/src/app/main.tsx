import { startTransition, StrictMode } from 'react';
import type { ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, matchRoutes } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import './global.css';
import { serverQueriesReceived } from '../lib/api/api.ts';
import { App } from './app.tsx';
import { readHandover } from './handover.ts';
import { ReplayTypingBeforeHydration } from '../lib/typed-before-start.ts';
import { RequestInfoProvider } from '../lib/request-context.tsx';
import type { FormPostResult } from '../lib/request-context.tsx';
import { routes } from './routes.tsx';
import { makeStore } from '../lib/store.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const handover = readHandover(document);
// Evaluating the app's modules is one task; what follows runs in tasks of its own (a phone takes
// tens of milliseconds over each step), so a tap between them is answered at once.
if (handover) await nextTask();
const store = makeStore();

if (handover) {
  // A server-rendered public page: load the matched lazy routes first, so the first render is the
  // server's tree (no fallback), replay the server's query results, then hydrate.
  await resolveLazyMatches(routes);
  await nextTask();
  store.dispatch(serverQueriesReceived(handover.api));
  await nextTask();
  const router = createBrowserRouter(routes);
  await nextTask();
  // Hydrated as a transition: React then works in slices of a few milliseconds and lets the
  // browser answer a tap between them, instead of holding the main thread for the whole page
  // (hydration at the default priority is one uninterruptible task).
  startTransition(() => {
    hydrateRoot(
      container,
      shell(
        <>
          <App router={router} waitForSession={false} />
          <ReplayTypingBeforeHydration root={container} />
        </>,
        handover.formPost,
      ),
    );
  });
} else {
  // Auth, account and admin screens are rendered here. The router is created before the first
  // render so the page's chunk loads while the session check is in flight.
  const router = createBrowserRouter(routes);
  createRoot(container).render(shell(<App router={router} waitForSession />, null));
}

function shell(app: ReactNode, formPost: FormPostResult | null) {
  return (
    <StrictMode>
      <Provider store={store}>
        <RequestInfoProvider value={{ csrfToken: '', formPost }}>{app}</RequestInfoProvider>
      </Provider>
    </StrictMode>
  );
}

/** Resolves after the browser has run whatever else was waiting (input, a paint). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Resolves the lazy routes the current URL matches and writes their exports onto the routes. */
async function resolveLazyMatches(table: RouteObject[]): Promise<void> {
  const matches = matchRoutes(table, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
