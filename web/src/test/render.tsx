import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { makeStore } from '../lib/store.ts';
import type { AppStore } from '../lib/store.ts';

/** Options of {@link renderWithApp}. */
export interface RenderOptions {
  /** The URL the memory router starts at. */
  url?: string;
  /** The route pattern the element is mounted on. */
  path?: string;
  store?: AppStore;
}

/**
 * Renders an element inside a fresh store and a memory router, as the app would. Returns the
 * router too, so a test can read the current URL.
 */
export function renderWithApp(element: ReactElement, { url = '/', path = '*', store = makeStore() }: RenderOptions = {}) {
  const router = createMemoryRouter([{ path, element }], { initialEntries: [url] });
  const result = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...result, router, store };
}
