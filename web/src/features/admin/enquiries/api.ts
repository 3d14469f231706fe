import { api } from '../../../app/api.ts';

/** A stored contact message. `emailed_at` is when the worker delivered it to the office. */
export interface Enquiry {
  id: number;
  name: string;
  email: string;
  telephone: string;
  message: string;
  created_at: string;
  handled_at: string | null;
  emailed_at: string | null;
}

/** Enquiries per page (the server's default too). */
export const ENQUIRIES_PAGE_SIZE = 20;

const LIST = { type: 'Enquiry', id: 'LIST' } as const;

/** The enquiries inbox (CONTRACT "Enquiries and dashboard"). */
export const enquiriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listEnquiries: build.query<{ results: Enquiry[]; total: number }, number>({
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
