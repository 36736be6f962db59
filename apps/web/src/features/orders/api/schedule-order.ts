import { CreateOrderResponseSchema } from '@giftrelay/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';

/** Cancels a scheduled order (decision 042): its hold comes back to the balance. */
export function useCancelOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      CreateOrderResponseSchema.parse(await api.post(`/api/v1/orders/${encodeURIComponent(id)}/cancel`)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: sharedQueryKeys.orders });
      void queryClient.invalidateQueries({ queryKey: sharedQueryKeys.balance });
    },
  });
}

/** Moves a scheduled order to another time, before it starts. */
export function useRescheduleOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sendAt: string) =>
      CreateOrderResponseSchema.parse(await api.patch(`/api/v1/orders/${encodeURIComponent(id)}`, { send_at: sendAt })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharedQueryKeys.orders }),
  });
}
