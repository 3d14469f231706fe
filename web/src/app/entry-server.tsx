import { setAutoFreeze } from 'immer';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { StaticHandlerContext } from 'react-router-dom';
import type { PageMeta, RenderedPage, RenderedRedirect, RenderFunction, RenderInput } from '../../../shared/server-render.ts';
import type { ServerQueries } from '../lib/api/api.ts';
import type { Handover } from './handover.ts';
import type { PageHandle } from '../lib/page-handle.ts';
import { RequestInfoProvider } from '../lib/request-context.tsx';
import { pageSources, routes } from './routes.tsx';
import { siteApi } from '../lib/api/site-api.ts';
import { makeStore } from '../lib/store.ts';

/** Shown for a route without a handle (it should not happen on a public route). */
const FALLBACK_META: PageMeta = {
  title: 'Wholesale Plant Nursery in Kent',
  description: 'Hothfield Nurseries, wholesale plant nursery in Kent.',
};

// A server render's store lives for one request and nothing mutates it, so Immer need not deep-freeze
// each answer the reducers take in (walking every line of a search, a tenth of the page's CPU).
// The browser's store still freezes, so a component that mutated state would fail there.
setAutoFreeze(false);

// One handler for the process: route objects are shared, and each lazy route resolves once.
const handler = createStaticHandler(routes);

/**
 * Renders a public page on the server: React Router's static handler over the client's own
 * route table, the page's RTK Query reads fetched through the services (handle.prefetch), then
 * React's render of the whole page to one string (it is cached whole: there is nothing to gain
 * from streaming it to this one client).
 */
export const render: RenderFunction = async (input: RenderInput): Promise<RenderedPage | RenderedRedirect> => {
  const context = await handler.query(new Request(input.url, { signal: input.signal }));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }

  const store = makeStore({ resolveOnServer: input.resolveApi });
  const url = new URL(input.url);
  const leaf = [...context.matches].reverse().find((match) => (match.route.handle as PageHandle | undefined)?.meta);
  const handle = leaf?.route.handle as PageHandle | undefined;
  const page = { params: leaf?.params ?? {}, url };
  await Promise.all([store.dispatch(siteApi.endpoints.getSite.initiate()), ...(handle?.prefetch?.(page, store.dispatch) ?? [])]);
  const meta = handle?.meta(page, store.getState()) ?? FALLBACK_META;

  const html = renderToHtml(context, store, input);
  const { queries, provided } = store.getState().api;
  return {
    kind: 'page',
    status: meta.notFound ? 404 : context.statusCode,
    html,
    meta,
    handover: {
      api: { queries, provided, mutations: {} } as unknown as ServerQueries,
      formPost: input.requestInfo.formPost,
    } satisfies Handover,
    sources: context.matches.map((match) => pageSources[match.route.id]).filter((source): source is string => Boolean(source)),
  };
};

function renderToHtml(context: StaticHandlerContext, store: ReturnType<typeof makeStore>, input: RenderInput): string {
  const router = createStaticRouter(handler.dataRoutes, context);
  // The whole page at once, as one string. Nothing on a public page waits: the static handler has
  // loaded the route modules and prefetch the page's data before this. So the streaming renderer,
  // awaited to allReady, gave the same bytes (compared on every public page) for about a third
  // more CPU: it encoded the page into chunks, which were then decoded back into a string.
  const html = renderToString(
    <StrictMode>
      <Provider store={store}>
        <RequestInfoProvider value={input.requestInfo}>
          {/* hydrate={false}: React Router would write its state in an inline script, which the CSP forbids. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </RequestInfoProvider>
      </Provider>
    </StrictMode>,
  );
  // A boundary the server could not finish (something in it suspended, or threw) is left with its
  // fallback, marked <!--$!--> for the browser to render: a page served like that must not be
  // cached, so fail the render and let the caller decide. (Outside any boundary, it throws.)
  if (html.includes('<!--$!')) throw new Error('The render left a boundary unfinished.');
  // Neither may the page hold an inline script: the CSP would block it.
  if (html.includes('<script')) throw new Error('The render wrote an inline script.');
  return html;
}
