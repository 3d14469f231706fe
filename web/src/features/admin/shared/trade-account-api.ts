import { api } from '../../../lib/api/api.ts';
import type { AdminTradeAccount, TradeAccountAction } from '../../../../../shared/api/trade.ts';

/** The users list's cache entry: an account's status is one of its columns. */
const USERS_LIST = { type: 'Users', id: 'LIST' } as const;
/** A user's trade accounts, cached beside the user (the tag types are fixed in lib/api/api.ts). */
const tradeAccountTag = (userId: number) => ({ type: 'Users', id: `trade-${userId}` }) as const;

/**
 * Staff actions on a decided trade account (src/modules/trade/routes.ts), shared by the trade
 * applications screen and a user's page. An action refreshes the user's accounts and the users list.
 */
const tradeAccountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserTradeAccounts: build.query<AdminTradeAccount[], number>({
      query: (userId) => `/api/admin/users/${userId}/trade-account`,
      transformResponse: (answer: { data: AdminTradeAccount[] }) => answer.data,
      providesTags: (_accounts, _error, userId) => [tradeAccountTag(userId)],
    }),
    actOnTradeAccount: build.mutation<AdminTradeAccount, { id: number; userId: number; action: TradeAccountAction; reason: string }>({
      query: ({ id, action, reason }) => ({ url: `/api/admin/trade-applications/${id}/${action}`, method: 'POST', body: { reason } }),
      transformResponse: (answer: { data: AdminTradeAccount }) => answer.data,
      invalidatesTags: (_account, error, { userId }) => (error ? [] : [USERS_LIST, tradeAccountTag(userId)]),
    }),
  }),
});

export const { useGetUserTradeAccountsQuery, useActOnTradeAccountMutation } = tradeAccountApi;
