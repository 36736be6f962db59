import { ListOrdersResponseSchema, OrderDecisionResponseSchema } from '@giftrelay/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';

/** Under the orders' key: a send, a decision or the order history's refresh all refresh it too. */
export const waitingOrdersQueryKey = [...sharedQueryKeys.orders, 'waiting'] as const;
const PAGE_SIZE = 25;

const listWaiting = async (cursor: string | undefined, signal?: AbortSignal) => {
  const params = new URLSearchParams({ status: 'pending_approval', limit: String(PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return ListOrdersResponseSchema.parse(await api.get(`/api/v1/orders?${params}`, { signal }));
};

/** The approval queue: orders waiting for a decision, newest first, a page at a time. */
export const useWaitingOrders = () =>
  useInfiniteQuery({
    queryKey: waitingOrdersQueryKey,
    queryFn: ({ pageParam, signal }) => listWaiting(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export type Decision = 'approve' | 'reject';

export const decideOrder = async ({ orderId, decision, note }: { orderId: string; decision: Decision; note: string }) =>
  OrderDecisionResponseSchema.parse(
    await api.post(`/api/v1/orders/${encodeURIComponent(orderId)}/${decision}`, note ? { note } : {}),
  );

export function useDecideOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideOrder,
    // Either way the orders change, and a rejection gives the held amount back.
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sharedQueryKeys.orders }),
        queryClient.invalidateQueries({ queryKey: sharedQueryKeys.balance }),
      ]);
    },
  });
}
