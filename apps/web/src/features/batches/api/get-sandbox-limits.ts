import { BalanceSchema } from '@giftrelay/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';

/** The balance, under the key every feature shares (sending changes it). */
export const getBalanceForBatches = async (signal?: AbortSignal) =>
  BalanceSchema.parse(await api.get('/api/v1/balance', { signal }));

/** A sandbox organisation's limits (decision 063), to say on the bulk page; null when live. */
export const useSandboxLimits = () =>
  useQuery({
    queryKey: sharedQueryKeys.balance,
    queryFn: ({ signal }) => getBalanceForBatches(signal),
    select: (balance) => (balance.sandbox ? (balance.sandbox_limits ?? null) : null),
  });
