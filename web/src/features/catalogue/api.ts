import { api } from '../../app/api.ts';

/** One catalogue line. */
export interface CatalogueRow {
  id: number;
  genus: string;
  species: string;
  common_name?: string | null;
  form: string;
  height: string;
}

/** A facet value: the server may send plain values or values with counts. */
export type FacetValue = string | { value: string; count?: number };

/** GET /api/catalogue's answer: one page of rows, the total, and the values present per filter. */
export interface CataloguePage {
  results: CatalogueRow[];
  total: number;
  facets?: { genus?: FacetValue[]; form?: FacetValue[]; height?: FacetValue[] };
  /** Genus names close to a search that matched no genus exactly ("Acre" → ["Acer"]). */
  did_you_mean?: string[];
}

/** GET /api/catalogue/genera/{slug}: one genus and all its lines. */
export interface Genus {
  name: string;
  slug: string;
  common_names: string[];
  lines: CatalogueRow[];
  updated_at: string;
}

/** The search as sent: empty strings mean "no filter" and are left out of the URL. */
export interface CatalogueSearch {
  q: string;
  genus: string;
  form: string;
  height: string;
  page: number;
  limit: number;
}

/** A generated download. */
export interface CatalogueFile {
  url: string;
  bytes: number;
  generated_at: string;
  rows: number;
}

/** GET /api/catalogue/downloads: each file is null until the worker has generated it. */
export interface CatalogueDownloads {
  pdf: CatalogueFile | null;
  xlsx: CatalogueFile | null;
}

/** Builds the query string, leaving out empty filters. */
export function catalogueQuery(search: CatalogueSearch): string {
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
    getGenus: build.query<Genus, string>({
      query: (slug) => `/api/catalogue/genera/${encodeURIComponent(slug)}`,
      transformResponse: (response: { data: Genus }) => response.data,
      providesTags: (_genus, _error, slug) => [{ type: 'Catalogue', id: `genus:${slug}` }, { type: 'Catalogue', id: 'LIST' }],
    }),
    getCatalogueDownloads: build.query<CatalogueDownloads, void>({
      query: () => '/api/catalogue/downloads',
      providesTags: ['Downloads'],
    }),
  }),
});

export const { useSearchCatalogueQuery, useGetGenusQuery, useGetCatalogueDownloadsQuery } = catalogueApi;

/** Facet values as plain strings. */
export function facetValues(values: FacetValue[] | undefined): string[] {
  return (values ?? []).map((value) => (typeof value === 'string' ? value : value.value)).filter(Boolean);
}
