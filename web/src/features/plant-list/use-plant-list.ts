import { useEffect } from 'react';
import { useAppSelector } from '../../lib/hooks.ts';
import { selectCurrentUser, selectSessionChecked } from '../../lib/session/session.ts';
import { plantListApi, useGetPlantListQuery, useMergeGuestListMutation } from './api.ts';

/**
 * The current buyer's list: the server's once signed in, else this browser's. Nothing is read
 * before the session is known. On sign-in the guest's list is merged into the account's first,
 * then the account's is read — unless the page already holds the account's list (the server
 * rendered /plant-list with it and handed it over): it is shown at once, and read again only if
 * the merge added lines.
 *
 * A list handed over by the server is the first render's, in the browser as on the server, so
 * hydration matches and nothing moves. A guest's is the server's reading of the cookie mirror
 * (shared/guest-plant-list.ts): it is read again from this browser's storage once mounted (no
 * request; structural sharing keeps the same data when nothing differs).
 */
export function usePlantList() {
  const checked = useAppSelector(selectSessionChecked);
  const userId = useAppSelector(selectCurrentUser)?.id ?? null;
  const [merge, merging] = useMergeGuestListMutation({ fixedCacheKey: 'plant-list-merge' });
  const signedIn = userId !== null;
  const held = plantListApi.endpoints.getPlantList.useQueryState(signedIn, {
    selectFromResult: ({ data }) => ({ has: data !== undefined }),
  }).has;

  useEffect(() => {
    if (signedIn) void merge();
  }, [signedIn, userId, merge]);

  const mergeSettled = !signedIn || (!merging.isUninitialized && !merging.isLoading);
  const waiting = !checked || (!mergeSettled && !held);
  const query = useGetPlantListQuery(signedIn, { skip: waiting, refetchOnMountOrArgChange: !signedIn });
  return { ...query, ready: !waiting };
}
