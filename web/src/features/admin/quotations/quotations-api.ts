import { api } from '../../../lib/api/api.ts';
import type { AdminQuotation } from '../../../../../shared/api/quotations.ts';

/** A quotation by its request and id, as the admin's URLs name it. */
interface QuotationKey {
  requestId: number;
  id: number;
}

/** A line as saved: one already there (`id`) or one added by product code (its price left out: the catalogue's). */
type QuotationPatchLine = ({ id: number } | { code: string }) & { quantity: number; unit_price_pence?: number | null; note: string };

/** The body of PATCH …/quotation/{id}: the whole line list in order, and the draft's fields. */
export interface QuotationPatch {
  lines: QuotationPatchLine[];
  delivery_pence: number;
  valid_until: string;
  note: string;
}

// The inbox's tag type (as quotes-api.ts in enquiries/): one quotation, and its request's version list.
const one = (id: number) => ({ type: 'Enquiry', id: `quotation-${id}` }) as const;
const versionsOf = (requestId: number) => ({ type: 'Enquiry', id: `quotations-${requestId}` }) as const;
const request = (requestId: number) => ({ type: 'Enquiry', id: `quote-${requestId}` }) as const;
const base = ({ requestId, id }: QuotationKey) => `/api/admin/quote-requests/${requestId}/quotation/${id}`;

/** The quotation editor's calls (src/modules/quotations/admin-routes.ts). */
const quotationsAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getQuotation: build.query<AdminQuotation, QuotationKey>({
      query: base,
      providesTags: (_q, _error, { id }) => [one(id)],
    }),
    saveQuotation: build.mutation<AdminQuotation, QuotationKey & { patch: QuotationPatch }>({
      query: ({ patch, ...key }) => ({ url: base(key), method: 'PATCH', body: patch }),
      // The answer is the saved draft: put it in the cache rather than fetch it again.
      async onQueryStarted({ requestId, id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(quotationsAdminApi.util.upsertQueryData('getQuotation', { requestId, id }, data));
      },
      invalidatesTags: (_q, error, { requestId }) => (error ? [] : [versionsOf(requestId)]),
    }),
    sendQuotation: build.mutation<AdminQuotation, QuotationKey>({
      query: (key) => ({ url: `${base(key)}/send`, method: 'POST' }),
      invalidatesTags: (_q, error, { requestId, id }) => (error ? [] : [one(id), versionsOf(requestId), request(requestId), 'Stats']),
    }),
    reviseQuotation: build.mutation<AdminQuotation, QuotationKey>({
      query: (key) => ({ url: `${base(key)}/revise`, method: 'POST' }),
      invalidatesTags: (_q, error, { requestId }) => (error ? [] : [versionsOf(requestId)]),
    }),
  }),
});

export const { useGetQuotationQuery, useSaveQuotationMutation, useSendQuotationMutation, useReviseQuotationMutation } = quotationsAdminApi;
