import { api } from '../../lib/api/api.ts';
import type { Quotation } from '../../../../shared/api/quotations.ts';

/** A quotation as the page names it: its id, and a guest's token from the mail's link. */
interface QuotationArgs {
  id: number;
  token?: string;
}

/** The buyer's read of a quotation (src/modules/quotations/routes.ts); read afresh each time the page opens. */
const buyerQuotationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBuyerQuotation: build.query<Quotation, QuotationArgs>({
      query: ({ id, token }) => ({ url: `/api/quotations/${id}`, params: token ? { token } : undefined }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetBuyerQuotationQuery } = buyerQuotationsApi;
