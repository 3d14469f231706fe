import { createContext, useContext } from 'react';
import type { ComponentType } from 'react';
import type { CatalogueLine } from '../../../shared/api/catalogue.ts';

/**
 * What the catalogue shows beside each line (the plant list's "Add to list"). Features do not
 * import each other, so the layout provides the component and the catalogue's tables render it
 * without knowing whose it is; with none provided (tests, admin) the tables show no action column.
 */
export const CatalogueLineActionContext = createContext<ComponentType<{ row: CatalogueLine }> | null>(null);

/** The provided per-line action, if any. */
export const useCatalogueLineAction = () => useContext(CatalogueLineActionContext);
