import { useEffect, useState } from 'react';
import { useAppSelector } from '../../lib/hooks.ts';
import { selectCurrentUser, selectSessionChecked } from '../../lib/session/session.ts';
import { plantListApi, useGetPlantListQuery, useMergeGuestListMutation } from './api.ts';

/**
 * The current buyer's list: the server's once signed in, else this browser's. Nothing is read
 * before the session is known. On sign-in the guest's list is merged into the account's first,
 * then the account's is read.
 *
 * A list the server rendered the page with (/plant-list hands its queries over) is the first
 * render's, in the browser as on the server, so hydration matches and nothing moves. A signed-in
 * buyer's is shown at once and read again only if the merge added lines to it; a guest's (the
 * server's reading of the cookie mirror, shared/guest-plant-list.ts) is read again from this
 * browser's storage once mounted — no request, and the same data when nothing differs.
 */
export function usePlantList() {
  const checked = useAppSelector(selectSessionChecked);
  const userId = useAppSelector(selectCurrentUser)?.id ?? null;
  const [merge, merging] = useMergeGuestListMutation({ fixedCacheKey: 'plant-list-merge' });
  const signedIn = userId !== null;
  const held = plantListApi.endpoints.getPlantList.useQueryState(signedIn, {
    selectFromResult: ({ data }) => ({ has: data !== undefined }),
  }).has;
  // Whose list the server handed over: one held before any merge ran in this tab can only have
  // come with the page. A list cached for anyone else (an earlier sign-in) is never trusted.
  const [handedOverFor] = useState(() => (held && merging.isUninitialized ? userId : null));
  const listShown = signedIn && handedOverFor === userId;

  useEffect(() => {
    if (signedIn) void merge({ listShown });
  }, [signedIn, userId, merge, listShown]);

  const mergeSettled = !signedIn || (!merging.isUninitialized && !merging.isLoading);
  const waiting = !checked || (!mergeSettled && !listShown);
  const query = useGetPlantListQuery(signedIn, { skip: waiting, refetchOnMountOrArgChange: !signedIn });
  return { ...query, ready: !waiting };
}
