import { StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
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

// One handler for the process: route objects are shared, and each lazy route resolves once.
const handler = createStaticHandler(routes);

/**
 * Renders a public page on the server: React Router's static handler over the client's own
 * route table, the page's RTK Query reads fetched through the services (handle.prefetch), then a
 * React 19 streaming render (renderToReadableStream) collected in full (the result is cached, so there is nothing to gain
 * from streaming to this one client).
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

  const html = await renderToHtml(context, store, input);
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

async function renderToHtml(context: StaticHandlerContext, store: ReturnType<typeof makeStore>, input: RenderInput): Promise<string> {
  const router = createStaticRouter(handler.dataRoutes, context);
  let failure: unknown;
  const stream = await renderToReadableStream(
    <StrictMode>
      <Provider store={store}>
        <RequestInfoProvider value={input.requestInfo}>
          {/* hydrate={false}: React Router would write its state in an inline script, which the CSP forbids. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </RequestInfoProvider>
      </Provider>
    </StrictMode>,
    {
      signal: input.signal,
      // Never outline a large Suspense boundary into a later chunk: that needs React's inline
      // reveal script, which the CSP refuses, and the whole page is sent at once anyway.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        failure ??= error;
      },
    },
  );
  // Wait for every Suspense boundary: a crawler (and the cache) gets the complete page.
  await stream.allReady;
  const html = await new Response(stream).text();
  // An error inside a boundary would leave its fallback in the page (and the client to retry): a
  // page served like that must not be cached, so fail the render and let the caller decide.
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  // React writes inline scripts only for boundaries it could not finish; the CSP would block them.
  if (html.includes('<script')) throw new Error('The render left an unfinished boundary (inline script).');
  return html;
}
