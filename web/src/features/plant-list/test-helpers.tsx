import type { ReactElement } from 'react';
import { reloadUser } from '../../lib/session/session-api.ts';
import { makeStore } from '../../lib/store.ts';
import { CatalogueLineActionContext } from '../../components/catalogue-line-action.ts';
import { renderWithApp } from '../../test/render.tsx';
import { addToList } from './add-to-list.tsx';
import { PlantListLink } from './plant-list-link.tsx';
import type { CatalogueLine } from '../../../../shared/api/catalogue.ts';

/** Catalogue rows for the tests. */
export const acer: CatalogueLine = {
  id: 11,
  code: 'ACECAM-9CM-2040',
  genus: 'Acer',
  species: 'campestre',
  common_name: 'Field maple',
  form: '9cm',
  height: '20-40',
};
export const betula: CatalogueLine = {
  id: 12,
  code: 'BETPEN-2L-6090',
  genus: 'Betula',
  species: 'pendula',
  common_name: 'Silver birch',
  form: '2L',
  height: '60-90',
};

/** A signed-in buyer as GET /api/user answers. */
export const buyer = {
  data: { id: 7, firstname: 'Pat', lastname: 'Grower', email: 'pat@example.com', role: 'user', email_verified_at: '2026-01-01T00:00:00Z' },
};

/**
 * Renders an element as the app would for these tests: the session asked first (the app does that
 * at boot), the header's plant list link beside it, and the catalogue's line action provided.
 */
export async function renderWithSession(element: ReactElement, url = '/') {
  const store = makeStore();
  await store.dispatch(reloadUser());
  return renderWithApp(
    <CatalogueLineActionContext.Provider value={addToList}>
      <header>
        <PlantListLink />
      </header>
      {element}
    </CatalogueLineActionContext.Provider>,
    { store, url },
  );
}
