import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api } from '../../lib/api/api.ts';
import type { NamedPlantList, PlantListSummaries } from '../../../../shared/api/plant-lists.ts';

/** A line as POST /api/plant-lists takes it (a matched schedule's). */
interface NewListLine {
  catalogue_item_id: number;
  quantity: number;
}

/**
 * A signed-in buyer's named lists (one per project). The page shows the default list through the
 * plant list's own endpoints (api.ts); choosing, creating, renaming or deleting a list changes which
 * list that is, so each of these invalidates `PlantList` and everything showing a list reads afresh.
 */
export const listsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/plant-lists: every list with its line count, and which is the default. */
    getPlantLists: build.query<PlantListSummaries, void>({
      query: () => '/api/plant-lists',
      providesTags: ['PlantList'],
    }),
    /** POST /api/plant-lists/{id}/use: the buyer chose this list; it becomes the one shown and added to. */
    chooseList: build.mutation<unknown, number>({
      query: (id) => ({ url: `/api/plant-lists/${id}/use`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : ['PlantList']),
    }),
    /** POST /api/plant-lists {name, lines}: a new list (it becomes the default). */
    createList: build.mutation<NamedPlantList, { name: string; lines?: NewListLine[] }>({
      query: (body) => ({ url: '/api/plant-lists', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['PlantList']),
    }),
    renameList: build.mutation<NamedPlantList, { id: number; name: string }>({
      query: ({ id, name }) => ({ url: `/api/plant-lists/${id}`, method: 'PATCH', body: { name } }),
      invalidatesTags: (_result, error) => (error ? [] : ['PlantList']),
    }),
    deleteList: build.mutation<unknown, number>({
      query: (id) => ({ url: `/api/plant-lists/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['PlantList']),
    }),
  }),
});

export const { useGetPlantListsQuery, useChooseListMutation, useCreateListMutation, useRenameListMutation, useDeleteListMutation } =
  listsApi;

/** The first message the server gave for `field` in a 422, else a general one. */
export function fieldMessage(error: FetchBaseQueryError | unknown, field: string, fallback: string): string {
  const data = (error as { data?: { errors?: Record<string, string[]>; message?: string } } | undefined)?.data;
  return data?.errors?.[field]?.[0] ?? fallback;
}
