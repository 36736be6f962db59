import { type OrderDetail, OrderDetailSchema } from '@giftrelay/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';
import { PENDING_REFRESH_MS } from './list-orders';

export const getOrder = async (id: string, signal?: AbortSignal): Promise<OrderDetail> =>
  OrderDetailSchema.parse(await api.get(`/api/v1/orders/${encodeURIComponent(id)}`, { signal }));

export const orderDetailKey = (id: string) => [...sharedQueryKeys.orders, 'detail', id] as const;

const isSettling = (order: OrderDetail | undefined) =>
  order?.status === 'pending' || Boolean(order?.rewards.some((r) => r.status === 'pending'));

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: orderDetailKey(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    refetchInterval: (query) => (isSettling(query.state.data) ? PENDING_REFRESH_MS : false),
  });

/** One order with its rewards, their claim status and the order's history. */
export const useOrder = (id: string) => useQuery(orderQueryOptions(id));
