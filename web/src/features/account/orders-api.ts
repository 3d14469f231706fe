import { api } from '../../lib/api/api.ts';
import type { OrderCopy, OrderDetail, OrderSummary } from '../../../../shared/api/orders.ts';
import type { Paged } from '../../../../shared/api/paged.ts';

/**
 * The buyer's own orders (src/modules/orders/routes.ts). Staff move orders on, so the list and the
 * detail are read afresh each time their screen opens. Copying an order fills the buyer's plant
 * list, so it invalidates the list (and the header's count).
 */
const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyOrders: build.query<Paged<OrderSummary>, number>({
      query: (page) => ({ url: '/api/orders', params: { page, limit: 20 } }),
      keepUnusedDataFor: 0,
    }),
    getMyOrder: build.query<OrderDetail, number>({
      query: (id) => `/api/orders/${id}`,
      keepUnusedDataFor: 0,
    }),
    /** Into the default list; with `newList`, into a new list named after the order. */
    copyOrder: build.mutation<OrderCopy, { id: number; newList?: boolean }>({
      query: ({ id, newList }) => ({ url: `/api/orders/${id}/copy`, method: 'POST', body: newList ? { new_list: true } : undefined }),
      invalidatesTags: (_result, error) => (error ? [] : ['PlantList']),
    }),
  }),
});

export const { useGetMyOrdersQuery, useGetMyOrderQuery, useCopyOrderMutation } = ordersApi;
