import { type VoidOrderBody, VoidOrderResponseSchema } from '@giftrelay/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';

/** Voids the order's unopened rewards (decision 039); the key makes a retry finish, not repeat. */
export const voidOrder = async (id: string, body: VoidOrderBody, idempotencyKey: string) =>
  VoidOrderResponseSchema.parse(
    await api.post(`/api/v1/orders/${encodeURIComponent(id)}/void`, body, {
      headers: { 'idempotency-key': idempotencyKey },
    }),
  );

export function useVoidOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: VoidOrderBody; idempotencyKey: string }) =>
      voidOrder(id, body, idempotencyKey),
    // Whatever the answer, the rewards' states changed, and refunds changed the balance.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: sharedQueryKeys.orders });
      void queryClient.invalidateQueries({ queryKey: sharedQueryKeys.balance });
    },
  });
}
