import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CatalogueLine } from '../../../../shared/api/catalogue.ts';
import { CatalogueLineActionContext } from '../../components/catalogue-line-action.ts';
import { CatalogueLines } from '../../features/catalogue/catalogue-lines.tsx';
import { addToList } from '../../features/plant-list/add-to-list.tsx';
import { makeStore } from '../../lib/store.ts';
import { componentsHoldingState } from '../../test/react-tree.ts';

const lines = (count: number): CatalogueLine[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    code: `ACECAM-${i + 1}`,
    genus: 'Acer',
    species: `campestre ${i + 1}`,
    common_name: 'Field maple',
    form: '9cm',
    height: '20-40',
  }));

/** A page of lines as the main layout shows them (with "Add to list"), rendered as the server does. */
const page = (rows: CatalogueLine[]) => (
  <Provider store={makeStore()}>
    <MemoryRouter>
      <CatalogueLineActionContext.Provider value={addToList}>
        <CatalogueLines rows={rows} label="Results" />
      </CatalogueLineActionContext.Provider>
    </MemoryRouter>
  </Provider>
);

/** Server-renders a page of `count` lines, hydrates it, and says which components hold state. */
async function hydrateLines(count: number) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page(lines(count)));
  document.body.append(container);
  const root = await act(async () => hydrateRoot(container, page(lines(count))));
  const holding = componentsHoldingState(container, CatalogueLines);
  return { container, holding, unmount: () => act(() => root.unmount()) };
}

// This test drives React itself (hydrateRoot inside act), as Testing Library does for render.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a page of catalogue lines, hydrated', () => {
  it('holds state in the same few places for 50 lines as for 2: nothing per line', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const two = await hydrateLines(2);
    const fifty = await hydrateLines(50);
    expect(fifty.holding).toEqual(two.holding);
    expect(fifty.holding.length).toBeLessThanOrEqual(2);
    // Every line is there once, with its form, and the server's markup was kept.
    expect(fifty.container.querySelectorAll('form[data-line-id]')).toHaveLength(50);
    expect(errors.mock.calls.map((call) => String(call[0]).slice(0, 400))).toEqual([]);
    await two.unmount();
    await fifty.unmount();
  });
});
