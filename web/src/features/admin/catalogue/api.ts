import { api } from '../../../app/api.ts';

/** Plant forms, in the order buyers expect them (CONTRACT "Catalogue"). */
export const FORMS = ['Bare root', '9cm', '1L', '2L', '3L', '7L', '7.5L', '10L'] as const;
/** Height bands in cm, plus Rootstock. */
export const HEIGHTS = ['10-20', '20-40', '40-60', '60-90', '90-120', '120-150', '150-175', '175-200', 'Rootstock'] as const;
/** Rows per page of the admin list. */
export const CATALOGUE_PAGE_SIZE = 25;

/** One catalogue line. */
export interface CatalogueLine {
  id: number;
  genus: string;
  species: string;
  common_name: string | null;
  form: string;
  height: string;
}

/** What the row form sends. */
export type CatalogueLineInput = Omit<CatalogueLine, 'id' | 'common_name'> & { common_name: string };

/** A generated download (null until the worker has made one). */
export interface DownloadFile {
  url: string;
  bytes: number;
  rows: number;
  generated_at: string;
}

/** GET /api/catalogue/downloads. */
export interface Downloads {
  pdf: DownloadFile | null;
  xlsx: DownloadFile | null;
}

/** A line as an import preview lists it. */
export type PreviewLine = Omit<CatalogueLine, 'id' | 'common_name'> & { common_name: string };

/** POST /api/catalogue/import/preview: totals, the first lines of each kind, and the token to confirm with. */
export interface ImportPreview {
  token: string;
  counts: { added: number; changed: number; removed: number; unchanged: number };
  added: PreviewLine[];
  changed: { before: PreviewLine; after: PreviewLine }[];
  removed: PreviewLine[];
}

const LIST = { type: 'Catalogue', id: 'LIST' } as const;
/** A change reloads the lists here and on the public catalogue page, and the dashboard's figures. */
const CHANGED = [LIST, 'Downloads', 'Stats'] as const;

/** Catalogue admin: the public search for the list, CRUD, import, and the downloads' state. */
export const catalogueAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCatalogue: build.query<{ results: CatalogueLine[]; total: number }, { q: string; page: number }>({
      // Exact: an admin looking for a line must see that it is gone, not the nearest genera instead.
      query: ({ q, page }) => `/api/catalogue?${new URLSearchParams({ q, page: String(page), limit: String(CATALOGUE_PAGE_SIZE), match: 'exact' })}`,
      providesTags: [LIST],
    }),
    getDownloads: build.query<Downloads, void>({
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
    deleteLine: build.mutation<void, number>({
      query: (id) => ({ url: `/api/catalogue/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [...CHANGED]),
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
      invalidatesTags: (_result, error) => (error ? [] : [...CHANGED]),
    }),
  }),
});

export const {
  useListCatalogueQuery,
  useGetDownloadsQuery,
  useCreateLineMutation,
  useUpdateLineMutation,
  useDeleteLineMutation,
  usePreviewImportMutation,
  useImportCatalogueMutation,
} = catalogueAdminApi;
