import { api } from '../../../lib/api/api.ts';
import type { AdminTradeApplication, TradeApplicationStatus } from '../../../../../shared/api/trade.ts';

/**
 * Trade applications for staff (src/modules/trade/routes.ts). The list is read afresh on each
 * visit (buyers apply meanwhile); after a decision the screen refetches its list, and the
 * dashboard's pending count ('Stats') is invalidated.
 */
const tradeAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTradeApplications: build.query<AdminTradeApplication[], TradeApplicationStatus | ''>({
      query: (status) => ({ url: '/api/admin/trade-applications', params: status ? { status } : {} }),
      transformResponse: (answer: { data: AdminTradeApplication[] }) => answer.data,
      keepUnusedDataFor: 0,
    }),
    approveTradeApplication: build.mutation<AdminTradeApplication, number>({
      query: (id) => ({ url: `/api/admin/trade-applications/${id}/approve`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Stats']),
    }),
    rejectTradeApplication: build.mutation<AdminTradeApplication, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `/api/admin/trade-applications/${id}/reject`, method: 'POST', body: { reason } }),
      invalidatesTags: (_result, error) => (error ? [] : ['Stats']),
    }),
  }),
});

export const { useListTradeApplicationsQuery, useApproveTradeApplicationMutation, useRejectTradeApplicationMutation } = tradeAdminApi;
