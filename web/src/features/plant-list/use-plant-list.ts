import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { useAppSelector } from '../../lib/hooks.ts';
import { selectCurrentUser, selectSessionChecked } from '../../lib/session/session.ts';
import { plantListApi, useGetPlantListQuery, useMergeGuestListMutation } from './api.ts';

/**
 * Per store (one per tab, or per server render): the buyer whose list came with the page. A list
 * held before any merge ran in the store can only have been handed over by the server (or, in the
 * server render, be the one it just read). Noted once, by the first component that sees it, so a
 * part hydrated later (inside a Suspense boundary, after the header's merge began) agrees.
 */
const renderedFor = new WeakMap<object, number>();

/**
 * The current buyer's list: the server's once signed in, else this browser's. Nothing is read
 * before the session is known. On sign-in the guest's list is merged into the account's first,
 * then the account's is read.
 *
 * A list the server rendered the page with (/plant-list hands its queries over) is the first
 * render's, in the browser as on the server, so hydration matches and nothing moves. A signed-in
 * buyer's is shown at once and read again only if the merge added lines to it (a list cached for
 * anyone else, e.g. an earlier sign-in in this tab, is always read again); a guest's (the server's
 * reading of the cookie mirror, shared/guest-plant-list.ts) is read again from this browser's
 * storage once mounted — no request, and the same data when nothing differs.
 */
export function usePlantList() {
  const store = useStore();
  const checked = useAppSelector(selectSessionChecked);
  const userId = useAppSelector(selectCurrentUser)?.id ?? null;
  const [merge, merging] = useMergeGuestListMutation({ fixedCacheKey: 'plant-list-merge' });
  const signedIn = userId !== null;
  const held = plantListApi.endpoints.getPlantList.useQueryState(signedIn, {
    selectFromResult: ({ data }) => ({ has: data !== undefined }),
  }).has;
  if (userId !== null && held && merging.isUninitialized && !renderedFor.has(store)) renderedFor.set(store, userId);
  const listShown = userId !== null && held && renderedFor.get(store) === userId;

  useEffect(() => {
    if (userId !== null) void merge({ listShown, userId });
  }, [userId, merge, listShown]);

  const mergeSettled = !signedIn || (!merging.isUninitialized && !merging.isLoading);
  const waiting = !checked || (!mergeSettled && !listShown);
  const query = useGetPlantListQuery(signedIn, { skip: waiting, refetchOnMountOrArgChange: !signedIn });
  return { ...query, ready: !waiting };
}
