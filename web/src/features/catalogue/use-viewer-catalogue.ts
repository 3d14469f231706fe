import { useAppSelector } from '../../lib/hooks.ts';
import { selectCurrentUser } from '../../lib/session/session.ts';
import type { CatalogueSearch } from './api.ts';
import { useGetGenusAsQuery, useGetGenusQuery, useSearchCatalogueAsQuery, useSearchCatalogueQuery } from './api.ts';

/** The signed-in user's id, or null for a guest (and during the server render and hydration). */
const useViewer = (): number | null => useAppSelector(selectCurrentUser)?.id ?? null;

/**
 * The catalogue search for whoever is looking: the guest query (what the server rendered and
 * handed over) until the session names a signed-in user, then the same read made for that user,
 * whose answer carries prices and availability when they are an approved trade buyer or staff.
 * A guest never makes the second request; a signed-in user drops the guest one once theirs has
 * answered, so later searches are asked once.
 */
export function useViewerSearch(search: CatalogueSearch) {
  const viewer = useViewer();
  const own = useSearchCatalogueAsQuery({ search, viewer: viewer ?? 0 }, { skip: viewer === null });
  const mine = viewer !== null && own.data !== undefined;
  const guest = useSearchCatalogueQuery(search, { skip: mine });
  return mine ? own : guest;
}

/** A genus page's read for whoever is looking, as {@link useViewerSearch}. */
export function useViewerGenus(slug: string) {
  const viewer = useViewer();
  const own = useGetGenusAsQuery({ slug, viewer: viewer ?? 0 }, { skip: viewer === null });
  const mine = viewer !== null && own.data !== undefined;
  const guest = useGetGenusQuery(slug, { skip: mine });
  return mine ? own : guest;
}
