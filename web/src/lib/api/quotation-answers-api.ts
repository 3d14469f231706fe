import { api } from './api.ts';
import type { AcceptQuotationInput, OrderCreated, QuotationDeclined } from '../../../../shared/api/orders.ts';

/** An answer names its quotation; a guest's also carries the mail link's token in the body. */
interface AcceptArgs {
  id: number;
  body: AcceptQuotationInput;
}
interface DeclineArgs {
  id: number;
  reason: string;
  token?: string;
}

/**
 * The buyer's answer to a sent quotation (src/modules/orders/routes.ts): accept (an order is made,
 * so the buyer's orders are read afresh) or decline. Shared by the quotation page and the buyer's
 * quote request page, hence here rather than in a feature.
 */
const quotationAnswersApi = api.injectEndpoints({
  endpoints: (build) => ({
    acceptQuotation: build.mutation<OrderCreated, AcceptArgs>({
      query: ({ id, body }) => ({ url: `/api/quotations/${id}/accept`, method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Order']),
    }),
    declineQuotation: build.mutation<QuotationDeclined, DeclineArgs>({
      query: ({ id, reason, token }) => ({
        url: `/api/quotations/${id}/decline`,
        method: 'POST',
        body: token ? { reason, token } : { reason },
      }),
    }),
  }),
});

export const { useAcceptQuotationMutation, useDeclineQuotationMutation } = quotationAnswersApi;
