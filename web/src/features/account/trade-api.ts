import { api } from '../../lib/api/api.ts';
import type { BusinessType, PriceListStatus, TradeApplication } from '../../../../shared/api/trade.ts';

/** POST /api/trade-application: a company number or a VAT number (the server needs one of them). */
export interface TradeApplicationInput {
  company_name: string;
  /** '' until the buyer chooses one: the form preselects none, and the server refuses a missing one. */
  business_type: BusinessType | '';
  company_number: string;
  vat_number: string;
  delivery_postcode: string;
  invoice_email: string;
}

/**
 * The buyer's trade account (src/modules/trade/routes.ts). Staff decide applications, so the
 * application is read afresh each time the screen opens; an answer from a POST replaces the cached
 * one at once (no refetch, no shared tag to add).
 */
const tradeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyTradeApplication: build.query<TradeApplication | null, void>({
      query: () => '/api/trade-application',
      transformResponse: (answer: { data: TradeApplication | null }) => answer.data,
      keepUnusedDataFor: 0,
    }),
    applyForTrade: build.mutation<TradeApplication, TradeApplicationInput>({
      query: (body) => ({ url: '/api/trade-application', method: 'POST', body }),
      transformResponse: (answer: { data: TradeApplication }) => answer.data,
      async onQueryStarted(_input, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(tradeApi.util.upsertQueryData('getMyTradeApplication', undefined, data));
      },
    }),
    getPriceList: build.query<PriceListStatus, void>({
      query: () => '/api/price-list',
      keepUnusedDataFor: 0,
    }),
    requestPriceList: build.mutation<PriceListStatus, void>({
      query: () => ({ url: '/api/price-list', method: 'POST' }),
      async onQueryStarted(_input, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(tradeApi.util.upsertQueryData('getPriceList', undefined, data));
      },
    }),
  }),
});

export const { useGetMyTradeApplicationQuery, useApplyForTradeMutation, useGetPriceListQuery, useRequestPriceListMutation } = tradeApi;
