import { api } from '../../../lib/api/api.ts';
import type { Enquiry } from '../../../../../shared/api/enquiries.ts';
import type { Paged } from '../../../../../shared/api/paged.ts';

/** Enquiries per page (the server's default too). */
export const ENQUIRIES_PAGE_SIZE = 20;

const LIST = { type: 'Enquiry', id: 'LIST' } as const;

/** The enquiries inbox (CONTRACT "Enquiries and dashboard"). */
const enquiriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listEnquiries: build.query<Paged<Enquiry>, number>({
      query: (page) => `/api/enquiries?limit=${ENQUIRIES_PAGE_SIZE}&page=${page}`,
      providesTags: [LIST],
    }),
    getEnquiry: build.query<Enquiry, number>({
      query: (id) => `/api/enquiries/${id}`,
      providesTags: (_enquiry, _error, id) => [{ type: 'Enquiry', id }],
    }),
    setHandled: build.mutation<Enquiry, { id: number; handled: boolean }>({
      query: ({ id, handled }) => ({ url: `/api/enquiries/${id}`, method: 'PATCH', body: { handled } }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [LIST, { type: 'Enquiry', id }]),
    }),
    deleteEnquiry: build.mutation<void, number>({
      query: (id) => ({ url: `/api/enquiries/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST, 'Stats']),
    }),
  }),
});

export const { useListEnquiriesQuery, useGetEnquiryQuery, useSetHandledMutation, useDeleteEnquiryMutation } = enquiriesApi;
