import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api } from '../../lib/api/api.ts';
import type { QuoteDefaults, QuoteRequestCreated } from '../../../../shared/api/quotes.ts';
import { readGuestList, writeGuestList } from './guest-list.ts';

/** What the quote form sends besides the lines (a guest's contact details are required by the server). */
export interface QuoteDetails {
  delivery_postcode: string;
  wanted_by: string;
  notes: string;
  name?: string;
  company?: string;
  email?: string;
  telephone?: string;
  /** A signed-in buyer's list being sent (the one the page showed); without it, the default list. */
  plant_list_id?: number;
}

/** Whether someone is signed in, from the session slice (as the plant list's own calls ask). */
const signedIn = (state: unknown): boolean => (state as { session?: { user?: unknown } }).session?.user != null;

/**
 * POST /api/quote-requests (CSRF through the base query) → 201 {id, reference}. A guest sends the
 * lines kept in this browser and, once the request is stored, the list here is emptied; a signed-in
 * buyer sends no lines, so the server sends (and empties) their stored list. A 422 or 429 comes
 * back as the contract's body for the form to show.
 */
const quoteApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestQuote: build.mutation<QuoteRequestCreated, QuoteDetails>({
      queryFn: async (details, { getState }, _extra, baseQuery) => {
        const guest = !signedIn(getState());
        const lines = guest ? readGuestList().map(({ catalogue_item_id, quantity }) => ({ catalogue_item_id, quantity })) : undefined;
        const result = await baseQuery({ url: '/api/quote-requests', method: 'POST', body: { ...details, ...(lines ? { lines } : {}) } });
        if (result.error) return { error: result.error };
        if (guest) {
          // The request is stored: a full browser storage must not turn the success into a failure.
          try {
            writeGuestList([]);
          } catch {
            /* the list stays; the buyer can clear it by hand */
          }
        }
        return { data: result.data as QuoteRequestCreated } as { data: QuoteRequestCreated } | { error: FetchBaseQueryError };
      },
      invalidatesTags: (_result, error) => (error ? [] : ['PlantList']),
    }),
    /** GET /api/quote-requests/defaults (signed in): the company and postcode of the buyer's approved trade account. */
    quoteDefaults: build.query<QuoteDefaults, void>({
      query: () => '/api/quote-requests/defaults',
    }),
  }),
});

export const { useRequestQuoteMutation, useQuoteDefaultsQuery } = quoteApi;
