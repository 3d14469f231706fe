import { createContext, useContext } from 'react';
import type { ComponentType, ReactNode } from 'react';
import type { CatalogueLine } from '../../../shared/api/catalogue.ts';

/**
 * What the catalogue shows beside each line (the plant list's "Add to list"). Features do not
 * import each other, so the layout provides it and the catalogue's tables render it without
 * knowing whose it is; with none provided (tests, admin) the tables show no action column.
 *
 * A page shows fifty lines, so a line's control is markup only: the `Scope` around all of them
 * holds the one handler and what each line has to say. Hydrating a page of lines then builds no
 * state, subscription or handler per line.
 */
export interface CatalogueLineAction {
  /** Around every line of a result: handles each line's control (one delegated handler). */
  Scope: ComponentType<{ rows: CatalogueLine[]; children: ReactNode }>;
  /** One line's control. */
  Control: ComponentType<{ row: CatalogueLine }>;
}

export const CatalogueLineActionContext = createContext<CatalogueLineAction | null>(null);

/** The provided per-line action, if any. */
export const useCatalogueLineAction = () => useContext(CatalogueLineActionContext);
