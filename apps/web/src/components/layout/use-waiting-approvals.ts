import { OrderStatsSchema } from '@giftrelay/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';

/**
 * How many orders wait for an approver (issue 35): the sidebar's count beside Approvals, for those
 * who may decide. The order history's figures give it in constant time; under the orders' key, so
 * a send or a decision refreshes it.
 */
export function useWaitingApprovals(enabled: boolean): number | undefined {
  const stats = useQuery({
    queryKey: [...sharedQueryKeys.orders, 'stats', 'waiting'] as const,
    queryFn: async ({ signal }) =>
      OrderStatsSchema.parse(await api.get('/api/v1/orders/stats?status=pending_approval', { signal })),
    enabled,
    refetchInterval: 60_000,
  });
  return stats.data?.pending_approval;
}
