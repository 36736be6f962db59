import { type CreateOrderBody, type CreateOrderResponse, CreateOrderResponseSchema } from '@giftrelay/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';

/** How often to ask again while the server is still running the first request with the key. */
const IN_USE_RETRIES = 5;
const IN_USE_DELAY_MS = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * POST /api/v1/orders with an Idempotency-Key. A 409 IDEMPOTENCY_KEY_IN_USE means an earlier
 * attempt with this key is still running on the server: waiting and asking again gets its
 * answer rather than a second order.
 */
export async function createOrder(body: CreateOrderBody, idempotencyKey: string): Promise<CreateOrderResponse> {
  for (let attempt = 0; ; attempt++) {
    try {
      const answer = await api.post('/api/v1/orders', body, { headers: { 'idempotency-key': idempotencyKey } });
      return CreateOrderResponseSchema.parse(answer);
    } catch (err) {
      const isInUse = err instanceof ApiError && err.code === 'IDEMPOTENCY_KEY_IN_USE';
      if (!isInUse || attempt >= IN_USE_RETRIES) throw err;
      await sleep(IN_USE_DELAY_MS);
    }
  }
}

/** Lets the dialog around the form see a send in flight (it must not close mid-send). */
export const CREATE_ORDER_KEY = ['orders', 'create'] as const;

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CREATE_ORDER_KEY,
    mutationFn: ({ body, idempotencyKey }: { body: CreateOrderBody; idempotencyKey: string }) =>
      createOrder(body, idempotencyKey),
    onSuccess: () => {
      // The hold came off the available balance, and the order is new.
      void queryClient.invalidateQueries({ queryKey: sharedQueryKeys.balance });
      void queryClient.invalidateQueries({ queryKey: sharedQueryKeys.orders });
      void queryClient.invalidateQueries({ queryKey: sharedQueryKeys.budget });
    },
  });
}
