import { type Balance, BalanceSchema } from '@giftrelay/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';

/** Sandbox only: adds play money. `amount` is in the major unit, exact to the cent. */
export const sandboxTopUp = async (amount: number): Promise<Balance> =>
  BalanceSchema.parse(await api.post('/api/v1/balance/sandbox-topup', { amount }));

export function useSandboxTopUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sandboxTopUp,
    onSuccess: (balance) => queryClient.setQueryData(sharedQueryKeys.balance, balance),
  });
}
