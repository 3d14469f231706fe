import { api } from '../../lib/api/api.ts';
import type { BuyerQuoteRequestDetail, QuoteRequestCopy, QuoteRequestSummary } from '../../../../shared/api/quotes.ts';

/** GET /api/quote-requests?page=&limit= (page zero-based): one page of the buyer's requests, newest first. */
interface QuoteRequestPage {
  results: QuoteRequestSummary[];
  total: number;
}

/**
 * The buyer's own quote requests (src/modules/quotes/routes.ts). Staff change a request's status,
 * so the list and the detail are read afresh each time their screen opens. Copying a request fills
 * the buyer's plant list, so it invalidates the list (and the header's count).
 */
const quoteRequestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyQuoteRequests: build.query<QuoteRequestPage, number>({
      query: (page) => ({ url: '/api/quote-requests', params: { page, limit: 20 } }),
      keepUnusedDataFor: 0,
    }),
    getMyQuoteRequest: build.query<BuyerQuoteRequestDetail, number>({
      query: (id) => `/api/quote-requests/${id}`,
      keepUnusedDataFor: 0,
    }),
    copyQuoteRequest: build.mutation<QuoteRequestCopy, number>({
      query: (id) => ({ url: `/api/quote-requests/${id}/copy`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : ['PlantList']),
    }),
  }),
});

export const { useGetMyQuoteRequestsQuery, useGetMyQuoteRequestQuery, useCopyQuoteRequestMutation } = quoteRequestsApi;

/** A status as the buyer reads it. */
export const STATUS_LABELS: Record<QuoteRequestSummary['status'], string> = {
  new: 'Received',
  quoted: 'Quoted',
  won: 'Accepted',
  lost: 'Closed',
};

/** An ISO date or YYYY-MM-DD as "24 Nov 2026". */
export const formatDate = (value: string): string =>
  new Date(value.length === 10 ? `${value}T12:00:00Z` : value).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Europe/London',
  });
