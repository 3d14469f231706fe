import { api } from '../../../lib/api/api.ts';
import type { CatalogueDownloads, CatalogueLine, CatalogueTrade, ImportPreview } from '../../../../../shared/api/catalogue.ts';
import type { Paged } from '../../../../../shared/api/paged.ts';

/** Rows per page of the admin list. */
export const CATALOGUE_PAGE_SIZE = 25;

/** What the row form sends: the line's fields and its trade fields, flat (as POST/PATCH /api/catalogue take them). */
export type CatalogueLineInput = Omit<CatalogueLine, 'id' | 'trade' | 'retired_at'> & CatalogueTrade;

const LIST = { type: 'Catalogue', id: 'LIST' } as const;
const RETIRED = { type: 'Catalogue', id: 'RETIRED' } as const;
/** A change reloads the lists here and on the public catalogue page, and the dashboard's figures. */
const CHANGED = [LIST, 'Downloads', 'Stats'] as const;

/** Catalogue admin: the public search for the list, CRUD, import, and the downloads' state. */
const catalogueAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCatalogue: build.query<Paged<CatalogueLine>, { q: string; page: number }>({
      // Exact: an admin looking for a line must see that it is gone, not the nearest genera instead.
      query: ({ q, page }) =>
        `/api/catalogue?${new URLSearchParams({ q, page: String(page), limit: String(CATALOGUE_PAGE_SIZE), match: 'exact' })}`,
      providesTags: [LIST],
    }),
    getDownloads: build.query<CatalogueDownloads, void>({
      query: () => '/api/catalogue/downloads',
      providesTags: ['Downloads'],
    }),
    createLine: build.mutation<CatalogueLine, CatalogueLineInput>({
      query: (body) => ({ url: '/api/catalogue', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [...CHANGED]),
    }),
    updateLine: build.mutation<CatalogueLine, CatalogueLineInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/api/catalogue/${id}`, method: 'PATCH', body }),
      invalidatesTags: (_result, error) => (error ? [] : [...CHANGED]),
    }),
    /** Retires a line (DELETE): out of the catalogue, kept for the lists and quotes that name it. */
    deleteLine: build.mutation<void, number>({
      query: (id) => ({ url: `/api/catalogue/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [...CHANGED, RETIRED]),
    }),
    listRetired: build.query<Paged<CatalogueLine>, { q: string; page: number }>({
      query: ({ q, page }) =>
        `/api/catalogue/retired?${new URLSearchParams({ q, page: String(page), limit: String(CATALOGUE_PAGE_SIZE) })}`,
      providesTags: [RETIRED],
    }),
    reinstateLine: build.mutation<CatalogueLine, number>({
      query: (id) => ({ url: `/api/catalogue/${id}/reinstate`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : [...CHANGED, RETIRED]),
    }),
    /** What importing a file would add, change and remove; changes nothing. 422 lists bad rows in errors.rows. */
    previewImport: build.mutation<ImportPreview, File>({
      query: (file) => {
        const form = new FormData();
        form.append('file', file);
        return { url: '/api/catalogue/import/preview', method: 'POST', body: form };
      },
    }),
    /** Replaces the whole catalogue with the previewed file; 422 errors.token when it or the catalogue changed since. */
    importCatalogue: build.mutation<{ imported: number }, { file: File; token: string }>({
      query: ({ file, token }) => {
        const form = new FormData();
        form.append('token', token);
        form.append('file', file);
        return { url: '/api/catalogue/import', method: 'POST', body: form };
      },
      invalidatesTags: (_result, error) => (error ? [] : [...CHANGED, RETIRED]),
    }),
  }),
});

export const {
  useListCatalogueQuery,
  useGetDownloadsQuery,
  useCreateLineMutation,
  useUpdateLineMutation,
  useDeleteLineMutation,
  useListRetiredQuery,
  useReinstateLineMutation,
  usePreviewImportMutation,
  useImportCatalogueMutation,
} = catalogueAdminApi;
