import { api } from '../../../lib/api/api.ts';
import type { Paged } from '../../../../../shared/api/paged.ts';
import type { AdminQuotation, QuotationSummary } from '../../../../../shared/api/quotations.ts';
import type { AdminQuoteRequestDetail, QuoteRequestSummary, QuoteStatus } from '../../../../../shared/api/quotes.ts';

/** Quote requests per page (the server's default too). */
export const QUOTES_PAGE_SIZE = 20;

/** Which quote requests a list page shows: one status or all (undefined), zero-based page. */
interface QuoteListArgs {
  status?: QuoteStatus;
  page: number;
}

// Quote requests share the inbox's 'Enquiry' tag type (with their own ids) rather than adding a
// tag type to lib/api/api.ts: they are the same inbox, and a status change also moves the dashboard's
// open-request count, hence 'Stats'.
const LIST = { type: 'Enquiry', id: 'QUOTE_LIST' } as const;
const one = (id: number) => ({ type: 'Enquiry', id: `quote-${id}` }) as const;
/** A request's quotation versions: the editor (features/admin/quotations/) invalidates the same tag. */
const versionsOf = (requestId: number) => ({ type: 'Enquiry', id: `quotations-${requestId}` }) as const;

/** The admin side of quote requests (src/modules/quotes/admin-routes.ts). */
const quotesAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    listQuoteRequests: build.query<Paged<QuoteRequestSummary>, QuoteListArgs>({
      query: ({ status, page }) => `/api/admin/quote-requests?limit=${QUOTES_PAGE_SIZE}&page=${page}${status ? `&status=${status}` : ''}`,
      providesTags: [LIST],
    }),
    getQuoteRequest: build.query<AdminQuoteRequestDetail, number>({
      query: (id) => `/api/admin/quote-requests/${id}`,
      providesTags: (_request, _error, id) => [one(id)],
    }),
    setQuoteStatus: build.mutation<AdminQuoteRequestDetail, { id: number; status: QuoteStatus }>({
      query: ({ id, status }) => ({ url: `/api/admin/quote-requests/${id}`, method: 'PATCH', body: { status } }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [LIST, one(id), 'Stats']),
    }),
    listQuotations: build.query<QuotationSummary[], number>({
      query: (requestId) => `/api/admin/quote-requests/${requestId}/quotations`,
      providesTags: (_versions, _error, requestId) => [versionsOf(requestId)],
    }),
    /** "Prepare quotation": the open draft, or a new one priced from the catalogue. */
    openQuotationDraft: build.mutation<AdminQuotation, number>({
      query: (requestId) => ({ url: `/api/admin/quote-requests/${requestId}/quotation`, method: 'POST' }),
      invalidatesTags: (_result, error, requestId) => (error ? [] : [versionsOf(requestId)]),
    }),
  }),
});

export const {
  useListQuoteRequestsQuery,
  useGetQuoteRequestQuery,
  useSetQuoteStatusMutation,
  useListQuotationsQuery,
  useOpenQuotationDraftMutation,
} = quotesAdminApi;
