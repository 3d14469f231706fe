import { api } from './api.ts';

/** Business details from GET /api/site; the footer and the contact page show them. */
export interface SiteInfo {
  name: string;
  shortName: string;
  telephone: string;
  /** One string (lines separated by newlines or commas) or a list of lines. */
  address: string | string[];
  email: string;
  companyNumber: string;
  vatNumber: string;
  plantHealthNumber: string;
}

/** App-level because both the layout and a feature (contact) need it. */
export const siteApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSite: build.query<SiteInfo, void>({
      query: () => '/api/site',
      providesTags: ['Site'],
      // Business details change a few times a decade; keep them for the whole visit.
      keepUnusedDataFor: 60 * 60,
    }),
  }),
});

export const { useGetSiteQuery } = siteApi;

/** The postal address as lines, whatever shape the server sent. */
export function addressLines(address: SiteInfo['address'] | undefined): string[] {
  if (!address) return [];
  const lines = Array.isArray(address) ? address : address.split(/\n|,\s*/);
  return lines.map((line) => line.trim()).filter(Boolean);
}

/** A telephone number as a tel: URI (digits and a leading plus only). */
export function telHref(telephone: string): string {
  return `tel:${telephone.replace(/[^\d+]/g, '')}`;
}
