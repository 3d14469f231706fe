import { api } from '../../lib/api/api.ts';
import type { OrderDetail } from '../../../../shared/api/orders.ts';

/** An order as the page names it: its id, and the quotation link's token a guest carries on. */
interface OrderArgs {
  id: number;
  token?: string;
}

/** GET /api/orders/{id}[?token=] (src/modules/orders/routes.ts): read afresh each time, staff move orders on. */
const orderLinkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrderByLink: build.query<OrderDetail, OrderArgs>({
      query: ({ id, token }) => ({ url: `/api/orders/${id}`, params: token ? { token } : undefined }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetOrderByLinkQuery } = orderLinkApi;
