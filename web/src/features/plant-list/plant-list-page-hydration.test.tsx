import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { GUEST_LIST_SERVER_READ } from '../../../../shared/guest-plant-list.ts';
import type { ServerApiResolver } from '../../../../shared/server-render.ts';
import type { PlantList } from '../../../../shared/api/plant-lists.ts';
import { serverQueriesReceived, type ServerQueries } from '../../lib/api/api.ts';
import { makeStore, type AppStore } from '../../lib/store.ts';
import { mockServer } from '../../test/fetch.ts';
import { writeGuestList } from './guest-list.ts';
import { handle, PlantListPage } from './plant-list-page.tsx';
import { acer, betula, buyer } from './test-helpers.tsx';

/**
 * /plant-list as the app hydrates it over the server's page: the server's store is filled by the
 * page's own `handle.prefetch` through a resolver answering as src/ssr/personal-resolver.ts does,
 * rendered to HTML, handed over, and hydrated. The first render must be the server's page — its
 * lines, no spinner, no hydration mismatch — and nothing is read over the network again.
 */
afterEach(() => localStorage.clear());

const page = (store: AppStore): ReactElement => (
  <Provider store={store}>
    <RouterProvider router={createMemoryRouter([{ path: '*', element: <PlantListPage /> }], { initialEntries: ['/plant-list'] })} />
  </Provider>
);

/** Renders the page on "the server" with these answers, then hydrates it in the document; returns what happened. */
async function hydrateServerPage(answers: Record<string, unknown>) {
  const resolveOnServer: ServerApiResolver = async (url) => {
    const { pathname } = new URL(url, 'http://server-render.invalid');
    if (pathname in answers) return { data: answers[pathname] };
    return { error: { status: pathname.startsWith('/api/plant-list') ? 401 : 404, data: { message: 'No.' } } };
  };
  const server = makeStore({ resolveOnServer });
  await Promise.all(handle.prefetch!({ params: {}, url: new URL('http://localhost/plant-list') }, server.dispatch));
  const html = renderToString(page(server));
  // Through JSON, as the handover element carries it.
  const { queries, provided } = JSON.parse(JSON.stringify(server.getState().api)) as ServerQueries;

  const requests = mockServer({});
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const browser = makeStore();
  browser.dispatch(serverQueriesReceived({ queries, provided, mutations: {} }));
  const mismatches: unknown[] = [];
  const spinners: boolean[] = [];
  // Watches every change hydration and its effects make: a spinner would show here even if gone by the end.
  const watcher = new MutationObserver(() => spinners.push(container.textContent.includes('Loading your plant list')));
  watcher.observe(container, { subtree: true, childList: true, characterData: true });
  await act(async () => {
    hydrateRoot(container, page(browser), { onRecoverableError: (error) => mismatches.push(error) });
  });
  watcher.disconnect();
  // As the DOM serialises it, to compare with the page after hydration.
  const served = document.createElement('div');
  served.innerHTML = html;
  return {
    html,
    served: served.innerHTML,
    container,
    mismatches,
    spinners,
    requests: requests.map((seen) => `${seen.method} ${seen.url.pathname}`),
  };
}

/** The markup without the empty comments React puts between adjacent texts ("2<!-- --> <!-- -->lines"). */
const readable = (html: string) => html.replaceAll('<!-- -->', '');

const guestLine = (row: typeof acer, quantity: number) => ({ catalogue_item_id: row.id, quantity, snapshot: row });

describe('PlantListPage hydrated over the server’s page', () => {
  it('shows a guest’s lines from the first render, reads no genus again and keeps the page as it was', async () => {
    writeGuestList([guestLine(acer, 5), guestLine(betula, 8)]);
    // What the server presents from the cookie the browser mirrored (PlantListService.guestList).
    const guestList: PlantList = {
      lines: [acer, betula].map((row, index) => ({
        id: row.id,
        ...guestLine(row, [5, 8][index]!),
        current: null,
        available: true,
        changed: false,
      })),
      count: 2,
    };
    const genus = (row: typeof acer) => ({ data: { name: row.genus, slug: '', common_names: [], lines: [row], updated_at: '' } });
    const { html, served, container, mismatches, spinners, requests } = await hydrateServerPage({
      '/api/session': { user: null },
      [GUEST_LIST_SERVER_READ]: guestList,
      '/api/catalogue/genera/acer': genus(acer),
      '/api/catalogue/genera/betula': genus(betula),
    });

    expect(readable(html)).toContain('2 lines.');
    expect(html).not.toContain('Loading your plant list');
    expect(mismatches).toEqual([]);
    expect(spinners).not.toContain(true);
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(container.querySelector<HTMLInputElement>('input[id$="-quantity"]')?.value).toBe('5');
    expect(container.textContent).not.toContain('Loading your plant list');
    // The list itself was read again from this browser's storage, not over the network.
    expect(requests).toEqual([]);
    // Nothing differed from storage, so nothing moved.
    expect(container.innerHTML).toBe(served);
  });

  it('shows a signed-in buyer’s named list and its switcher from the first render, with no request', async () => {
    const list: PlantList = {
      lines: [
        {
          id: 301,
          catalogue_item_id: acer.id,
          quantity: 250,
          snapshot: acer,
          current: acer,
          available: true,
          changed: false,
        },
      ],
      count: 1,
    };
    const { html, served, container, mismatches, spinners, requests } = await hydrateServerPage({
      '/api/session': { user: buyer.data },
      '/api/plant-list': list,
      '/api/plant-lists': {
        lists: [
          { id: 1, name: 'Riverside school', line_count: 3, updated_at: '2026-01-01T00:00:00Z' },
          { id: 2, name: 'Orchard car park', line_count: 1, updated_at: '2026-02-01T00:00:00Z' },
        ],
        default_id: 2,
      },
    });

    expect(readable(html)).toContain('1 line.');
    expect(html).toContain('Orchard car park');
    expect(mismatches).toEqual([]);
    expect(spinners).not.toContain(true);
    expect(container.textContent).not.toContain('Loading your plant list');
    expect(container.querySelector<HTMLInputElement>('input[id$="-quantity"]')?.value).toBe('250');
    // Signed in with nothing in this browser to merge: the handed-over list is not read again.
    expect(requests).toEqual([]);
    expect(container.innerHTML).toBe(served);
  });
});
