import { api } from '../../../lib/api/api.ts';
import type { OrderDetail, OrderStatus, OrderSummary } from '../../../../../shared/api/orders.ts';
import type { Paged } from '../../../../../shared/api/paged.ts';

/** Orders per page (the server's default too). */
export const ORDERS_PAGE_SIZE = 20;

/** What the orders list shows: its filters as the URL keeps them, and the zero-based page. */
interface OrderListArgs {
  status?: OrderStatus;
  from?: string;
  to?: string;
  q?: string;
  page: number;
}

const LIST = { type: 'Order', id: 'LIST' } as const;
const one = (id: number) => ({ type: 'Order', id }) as const;

/** The query string of a list request: only the filters given. */
function listQuery({ page, ...filters }: OrderListArgs): string {
  const params = new URLSearchParams({ limit: String(ORDERS_PAGE_SIZE), page: String(page) });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return params.toString();
}

/** The admin side of orders (src/modules/orders/admin-routes.ts). A move changes the list, the order and the dashboard's count. */
const ordersAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    listOrders: build.query<Paged<OrderSummary>, OrderListArgs>({
      query: (args) => `/api/admin/orders?${listQuery(args)}`,
      providesTags: [LIST],
    }),
    getOrder: build.query<OrderDetail, number>({
      query: (id) => `/api/admin/orders/${id}`,
      providesTags: (_order, _error, id) => [one(id)],
    }),
    setOrderStatus: build.mutation<OrderDetail, { id: number; status: OrderStatus; note: string }>({
      query: ({ id, status, note }) => ({ url: `/api/admin/orders/${id}/status`, method: 'POST', body: { status, note } }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [LIST, one(id), 'Stats']),
    }),
  }),
});

export const { useListOrdersQuery, useGetOrderQuery, useSetOrderStatusMutation } = ordersAdminApi;
