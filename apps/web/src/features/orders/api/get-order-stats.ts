import { type OrderStats, OrderStatsSchema } from '@giftrelay/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';
import { filterQuery, type OrderFilters } from '../utils/order-view';
import { PENDING_REFRESH_MS } from './list-orders';

export const getOrderStats = async (filters: OrderFilters, signal?: AbortSignal): Promise<OrderStats> =>
  OrderStatsSchema.parse(await api.get(`/api/v1/orders/stats${filterQuery(filters)}`, { signal }));

export const orderStatsQueryOptions = ({ q, status, mode }: OrderFilters) =>
  queryOptions({
    queryKey: [...sharedQueryKeys.orders, 'stats', { q, status, mode }] as const,
    queryFn: ({ signal }) => getOrderStats({ q, status, mode }, signal),
    refetchInterval: (query) => ((query.state.data?.pending ?? 0) > 0 ? PENDING_REFRESH_MS : false),
  });

/** The four stat cards over every order matching the search and filter, not just the page shown. */
export const useOrderStats = (filters: OrderFilters) => useQuery(orderStatsQueryOptions(filters));
