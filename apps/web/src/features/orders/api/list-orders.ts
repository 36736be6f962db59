import { ListOrdersResponseSchema, type OrderSummary } from '@giftrelay/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';
import { filterQuery, type OrderFilters } from '../utils/order-view';

/** Rows a page of the order history shows. */
export const ORDERS_PAGE_SIZE = 20;
/** While an order shown is still being delivered, ask again this often to see it settle. */
export const PENDING_REFRESH_MS = 3000;

export interface OrdersPageQuery extends OrderFilters {
  cursor?: string;
}

export const listOrders = async (query: OrdersPageQuery, signal?: AbortSignal) =>
  ListOrdersResponseSchema.parse(
    await api.get(`/api/v1/orders${filterQuery(query, { cursor: query.cursor, limit: String(ORDERS_PAGE_SIZE) })}`, {
      signal,
    }),
  );

/** Asks again by itself only while something on screen is pending. */
export const pendingRefreshInterval = (orders: Pick<OrderSummary, 'status'>[] | undefined): number | false =>
  orders?.some((o) => o.status === 'pending') ? PENDING_REFRESH_MS : false;

export const ordersQueryOptions = ({ q, status, mode, cursor }: OrdersPageQuery) =>
  queryOptions({
    queryKey: [...sharedQueryKeys.orders, 'list', { q, status, mode, cursor }] as const,
    queryFn: ({ signal }) => listOrders({ q, status, mode, cursor }, signal),
    // The page in view stays while the next one loads, rather than flashing skeletons.
    placeholderData: keepPreviousData,
    refetchInterval: (query) => pendingRefreshInterval(query.state.data?.data),
  });

/** One page of the organisation's orders matching the search and filter, newest first. */
export const useOrders = (query: OrdersPageQuery) => useQuery(ordersQueryOptions(query));
