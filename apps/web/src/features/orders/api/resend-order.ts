import { type ResendOrderBody, ResendOrderResponseSchema } from '@giftrelay/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';

/** Emails the order's claim links again: to the address on the order, or to `email` when corrected. */
export const resendOrder = async (id: string, body: ResendOrderBody) =>
  ResendOrderResponseSchema.parse(await api.post(`/api/v1/orders/${encodeURIComponent(id)}/resend`, body));

export function useResendOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResendOrderBody) => resendOrder(id, body),
    // The history gains the resend, and a corrected address changes the recipient everywhere.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedQueryKeys.orders }),
  });
}
