import { api, readXsrfToken } from '../../lib/api/api.ts';
import type { ApiExtra } from '../../lib/api/api.ts';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { CatalogueLine, GenusDetail } from '../../../../shared/api/catalogue.ts';
import { GUEST_LIST_SERVER_READ } from '../../../../shared/guest-plant-list.ts';
import { genusSlug } from '../../../../shared/slug.ts';
import { mirrorGuestList, readGuestList, setGuestQuantity, withoutGuestLine, writeGuestList } from './guest-list.ts';
import type { GuestLine } from './guest-list.ts';
import { MAX_LINES, MAX_QUANTITY, MIN_QUANTITY, snapshotOf, validQuantity } from './types.ts';
import type { PlantList } from './types.ts';

/** Whose list a call is about: the session's user's on the server, or the browser's own. */
const signedIn = (state: unknown): boolean => (state as { session?: { user?: unknown } }).session?.user != null;

/** The contract's 422 body for one field, so guest and server errors read the same. */
const invalid = (field: string, message: string): { error: FetchBaseQueryError } => ({
  error: { status: 422, data: { message, errors: { [field]: [message] } } },
});

const QUANTITY_MESSAGE = `Enter a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY.toLocaleString('en-GB')}.`;

/** A guest's lines in the API's shape: a line's id is its catalogue id (one line per catalogue row). */
const guestPlantList = (lines: GuestLine[]): PlantList => ({
  // Whether each line is still available is checked against the catalogue separately (getCurrentLines).
  lines: lines.map((line) => ({ id: line.catalogue_item_id, ...line, current: null, available: true, changed: false })),
  count: lines.length,
});

/** Runs a change on the guest's stored lines; storage errors become an answer, never a throw. */
function changeGuestList(change: (lines: GuestLine[]) => GuestLine[] | { error: FetchBaseQueryError }) {
  try {
    const next = change(readGuestList());
    if ('error' in next) return next;
    writeGuestList(next);
    return { data: null };
  } catch (error) {
    return {
      error: {
        status: 'CUSTOM_ERROR',
        error: error instanceof Error ? error.message : 'The list could not be saved.',
      } as FetchBaseQueryError,
    };
  }
}

type MergeResult = { data: { merged: number } } | { error: FetchBaseQueryError };
let mergeInFlight: Promise<MergeResult> | null = null;

/** What "Add to list" sends: the catalogue row (a guest's line snapshots it) and a quantity. */
export interface AddLineArgs {
  row: CatalogueLine;
  quantity: number;
}

/**
 * The plant list's endpoints. One set of hooks for both kinds of buyer: each call asks the session
 * whether someone is signed in and then uses the server's list or the guest's list in this browser.
 * Every answer provides or invalidates the `PlantList` tag, so the header count follows any change.
 */
export const plantListApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The list; the argument (signed in or not) keys the cache, so signing in re-reads it. */
    getPlantList: build.query<PlantList, boolean>({
      queryFn: async (serverList, { extra }, _extra, baseQuery) => {
        if (serverList) return (await baseQuery('/api/plant-list')) as { data: PlantList } | { error: FetchBaseQueryError };
        // The server render has no localStorage: it reads the lines the browser mirrored into a
        // cookie (shared/guest-plant-list.ts), presented as guestPlantList presents them here.
        if ((extra as ApiExtra | undefined)?.resolveOnServer)
          return (await baseQuery(GUEST_LIST_SERVER_READ)) as { data: PlantList } | { error: FetchBaseQueryError };
        const lines = readGuestList();
        mirrorGuestList(lines);
        return { data: guestPlantList(lines) };
      },
      providesTags: ['PlantList'],
    }),
    addPlantListLine: build.mutation<unknown, AddLineArgs>({
      queryFn: async ({ row, quantity }, { getState }, _extra, baseQuery) => {
        if (signedIn(getState())) {
          return baseQuery({ url: '/api/plant-list/lines', method: 'POST', body: { catalogue_item_id: row.id, quantity } });
        }
        if (!validQuantity(quantity)) return invalid('quantity', QUANTITY_MESSAGE);
        return changeGuestList((lines) => {
          const existing = lines.find((line) => line.catalogue_item_id === row.id);
          if (existing) {
            // Adding a row already on the list adds to its quantity, as the buyer would expect.
            const total = existing.quantity + quantity;
            if (total > MAX_QUANTITY)
              return invalid(
                'quantity',
                `That would make ${total.toLocaleString('en-GB')}; a line holds at most ${MAX_QUANTITY.toLocaleString('en-GB')}.`,
              );
            return lines.map((line) => (line === existing ? { ...line, quantity: total } : line));
          }
          if (lines.length >= MAX_LINES) return invalid('lines', `A plant list holds at most ${MAX_LINES} lines.`);
          return [...lines, { catalogue_item_id: row.id, quantity, snapshot: snapshotOf(row) }];
        });
      },
      invalidatesTags: (_result, error) => (error ? [] : ['PlantList']),
    }),
    /**
     * A line's quantity (saved as the buyer types). The cached list takes the new quantity on
     * success rather than being read again: the count does not change, and the buyer may be typing.
     */
    updatePlantListLine: build.mutation<unknown, { id: number; quantity: number }>({
      queryFn: async ({ id, quantity }, { getState }, _extra, baseQuery) => {
        if (signedIn(getState()))
          return baseQuery({ url: `/api/plant-list/lines/${id}`, method: 'PATCH', body: { quantity }, keepalive: true });
        if (!validQuantity(quantity)) return invalid('quantity', QUANTITY_MESSAGE);
        return changeGuestList((lines) => setGuestQuantity(lines, id, quantity));
      },
      async onQueryStarted({ id, quantity }, { dispatch, getState, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(cachedQuantity(signedIn(getState()), id, quantity));
      },
    }),
    removePlantListLine: build.mutation<unknown, number>({
      queryFn: async (id, { getState }, _extra, baseQuery) => {
        if (signedIn(getState())) return baseQuery({ url: `/api/plant-list/lines/${id}`, method: 'DELETE' });
        return changeGuestList((lines) => withoutGuestLine(lines, id));
      },
      invalidatesTags: (_result, error) => (error ? [] : ['PlantList']),
    }),
    clearPlantList: build.mutation<unknown, void>({
      queryFn: async (_arg, { getState }, _extra, baseQuery) => {
        if (signedIn(getState())) return baseQuery({ url: '/api/plant-list', method: 'DELETE' });
        return changeGuestList(() => []);
      },
      invalidatesTags: (_result, error) => (error ? [] : ['PlantList']),
    }),
    /**
     * A guest's lines as the catalogue has them now, by catalogue id: the catalogue has no by-id
     * lookup, so each genus on the list is read once (GET /api/catalogue/genera/{slug}). A genus
     * that is gone (404) means its lines are gone (null); a genus that could not be read leaves its
     * lines out, so nothing is marked removed on a network hiccup. (A row moved to another genus reads
     * as removed: the guest's snapshot has only the old genus to look under.)
     */
    getCurrentLines: build.query<Record<number, CatalogueLine | null>, { genus: string; ids: number[] }[]>({
      queryFn: async (groups, _api, _extra, baseQuery) => {
        const current: Record<number, CatalogueLine | null> = {};
        for (const { genus, ids } of groups) {
          const result = await baseQuery(`/api/catalogue/genera/${encodeURIComponent(genusSlug(genus))}`);
          if (result.error && result.error.status !== 404) continue;
          const lines = result.error ? [] : (result.data as { data: GenusDetail }).data.lines;
          for (const id of ids) current[id] = lines.find((line) => line.id === id) ?? null;
        }
        return { data: current };
      },
      providesTags: ['Catalogue'],
    }),
    /**
     * Hands the guest's list to the signed-in buyer's list (POST /api/plant-list/merge) and, once
     * the server has it, forgets it here; on a failure the guest list stays for the next try.
     */
    mergeGuestList: build.mutation<{ merged: number }, { listShown: boolean; userId: number }>({
      queryFn: (_arg, _api, _extra, baseQuery) => {
        // Two callers at once (the header and the page, or React's strict double effects) share
        // one request: sending the same lines twice would double their quantities.
        mergeInFlight ??= (async () => {
          const lines = readGuestList();
          if (lines.length === 0) return { data: { merged: 0 } };
          const body = { lines: lines.map(({ catalogue_item_id, quantity }) => ({ catalogue_item_id, quantity })) };
          const result = await baseQuery({ url: '/api/plant-list/merge', method: 'POST', body });
          if (result.error) return { error: result.error };
          const cleared = changeGuestList(() => []);
          return 'error' in cleared ? cleared : { data: { merged: lines.length } };
        })().finally(() => {
          mergeInFlight = null;
        });
        return mergeInFlight;
      },
      // The account's list is read (again) after a merge, so a list cached before this sign-in is
      // never shown as this buyer's; except when nothing was merged into the list on screen, which
      // the server rendered for this buyer (`listShown`, use-plant-list.ts): it stays, unread again.
      invalidatesTags: (result, error, { listShown }) => (error || (listShown && result?.merged === 0) ? [] : ['PlantList']),
    }),
  }),
});

export const {
  useGetPlantListQuery,
  useAddPlantListLineMutation,
  useUpdatePlantListLineMutation,
  useRemovePlantListLineMutation,
  useClearPlantListMutation,
  useMergeGuestListMutation,
  useGetCurrentLinesQuery,
} = plantListApi;

/**
 * The page is going away (pagehide, hidden, unmounted): a change must start now, synchronously.
 * A guest's list is written to localStorage at once; a buyer's change is sent with a keepalive
 * fetch, which the browser completes after the page is gone. Nothing is awaited or reported: the
 * buyer is no longer looking, and the last good value stays stored if it fails.
 */
export function writeOnLeave(serverList: boolean, change: { id: number; quantity: number } | { id: number; remove: true }): void {
  if (!serverList) {
    try {
      const lines = readGuestList();
      writeGuestList('remove' in change ? withoutGuestLine(lines, change.id) : setGuestQuantity(lines, change.id, change.quantity));
    } catch {
      /* storage full or blocked: the list stays as it was */
    }
    return;
  }
  const token = readXsrfToken();
  const remove = 'remove' in change;
  void fetch(`${window.location.origin}/api/plant-list/lines/${change.id}`, {
    method: remove ? 'DELETE' : 'PATCH',
    keepalive: true,
    credentials: 'include',
    headers: {
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
      'Content-Type': 'application/json',
      ...(token ? { 'X-XSRF-TOKEN': token } : {}),
    },
    body: remove ? undefined : JSON.stringify({ quantity: change.quantity }),
  }).catch(() => undefined);
}

/** The action that sets a line's quantity in the cached list (after a save, or a write on leaving). */
export const cachedQuantity = (serverList: boolean, id: number, quantity: number) =>
  plantListApi.util.updateQueryData('getPlantList', serverList, (list) => {
    const line = list.lines.find((kept) => kept.id === id);
    if (line) line.quantity = quantity;
  });

/** The action that drops a line from the cached list (its removal was written on leaving the page). */
export const cachedWithout = (serverList: boolean, id: number) =>
  plantListApi.util.updateQueryData('getPlantList', serverList, (list) => {
    list.lines = list.lines.filter((kept) => kept.id !== id);
    list.count = list.lines.length;
  });
