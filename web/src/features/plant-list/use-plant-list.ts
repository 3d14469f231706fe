import { useEffect } from 'react';
import { useAppSelector } from '../../lib/hooks.ts';
import { selectCurrentUser, selectSessionChecked } from '../../lib/session/session.ts';
import { useGetPlantListQuery, useMergeGuestListMutation } from './api.ts';
import { useHydrated } from './use-hydrated.ts';

/**
 * The current buyer's list: the server's once signed in, else this browser's. Nothing is read
 * before hydration (the server cannot know the guest's list) nor before the session is known.
 * On sign-in the guest's list is merged into the account's first, then the account's is read.
 */
export function usePlantList() {
  const hydrated = useHydrated();
  const checked = useAppSelector(selectSessionChecked);
  const userId = useAppSelector(selectCurrentUser)?.id ?? null;
  const [merge, merging] = useMergeGuestListMutation({ fixedCacheKey: 'plant-list-merge' });
  const signedIn = userId !== null;

  useEffect(() => {
    if (signedIn) void merge();
  }, [signedIn, userId, merge]);

  const mergeSettled = !signedIn || (!merging.isUninitialized && !merging.isLoading);
  const query = useGetPlantListQuery(signedIn, { skip: !hydrated || !checked || !mergeSettled });
  return { ...query, ready: hydrated && checked && mergeSettled };
}
