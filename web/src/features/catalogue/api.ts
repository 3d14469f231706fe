import { api } from '../../lib/api/api.ts';
import type { CatalogueDownloads, CataloguePage, GenusDetail } from '../../../../shared/api/catalogue.ts';

/** The search as sent: empty strings mean "no filter" and are left out of the URL. */
export interface CatalogueSearch {
  q: string;
  genus: string;
  form: string;
  height: string;
  page: number;
  limit: number;
}

/** Builds the query string, leaving out empty filters. */
function catalogueQuery(search: CatalogueSearch): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    const text = String(value).trim();
    if (text !== '') params.set(key, text);
  }
  return params.toString();
}

/** Catalogue endpoints (public reads; admin CRUD will be injected by the admin screens). */
export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchCatalogue: build.query<CataloguePage, CatalogueSearch>({
      query: (search) => `/api/catalogue?${catalogueQuery(search)}`,
      providesTags: [{ type: 'Catalogue', id: 'LIST' }],
    }),
    getGenus: build.query<GenusDetail, string>({
      query: (slug) => `/api/catalogue/genera/${encodeURIComponent(slug)}`,
      transformResponse: (response: { data: GenusDetail }) => response.data,
      providesTags: (_genus, _error, slug) => [
        { type: 'Catalogue', id: `genus:${slug}` },
        { type: 'Catalogue', id: 'LIST' },
      ],
    }),
    // The same reads for a signed-in viewer, keyed by their id: the server's guest render hands
    // over the plain queries, so these are fetched afresh with the session's cookie and carry the
    // trade fields when the viewer is an approved buyer (the server decides; guests never ask).
    searchCatalogueAs: build.query<CataloguePage, { search: CatalogueSearch; viewer: number }>({
      query: ({ search }) => `/api/catalogue?${catalogueQuery(search)}`,
      providesTags: [{ type: 'Catalogue', id: 'LIST' }],
    }),
    getGenusAs: build.query<GenusDetail, { slug: string; viewer: number }>({
      query: ({ slug }) => `/api/catalogue/genera/${encodeURIComponent(slug)}`,
      transformResponse: (response: { data: GenusDetail }) => response.data,
      providesTags: (_genus, _error, { slug }) => [
        { type: 'Catalogue', id: `genus:${slug}` },
        { type: 'Catalogue', id: 'LIST' },
      ],
    }),
    getCatalogueDownloads: build.query<CatalogueDownloads, void>({
      query: () => '/api/catalogue/downloads',
      providesTags: ['Downloads'],
    }),
  }),
});

export const { useSearchCatalogueQuery, useGetGenusQuery, useGetCatalogueDownloadsQuery, useSearchCatalogueAsQuery, useGetGenusAsQuery } =
  catalogueApi;
