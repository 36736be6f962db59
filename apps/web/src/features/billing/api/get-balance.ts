import { type Balance, BalanceSchema } from '@giftrelay/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { PREFETCH_FRESH_MS, sharedQueryKeys } from '@/lib/query-keys';

/** While money is held for pending orders, the balance changes as they settle: ask this often. */
export const PENDING_REFRESH_MS = 3000;

export const getBalance = async (signal?: AbortSignal): Promise<Balance> =>
  BalanceSchema.parse(await api.get('/api/v1/balance', { signal }));

/** How soon to ask again by itself: often while something is held, else only on the usual triggers. */
export const balanceRefreshInterval = (balance: Balance | undefined): number | false =>
  (balance?.held ?? 0) > 0 ? PENDING_REFRESH_MS : false;

export const balanceQueryOptions = () =>
  queryOptions({
    queryKey: sharedQueryKeys.balance,
    queryFn: ({ signal }) => getBalance(signal),
    refetchInterval: (query) => balanceRefreshInterval(query.state.data),
    // Prefetched as the session arrives (app/prefetch.ts): fresh enough not to ask again on mount.
    staleTime: PREFETCH_FRESH_MS,
  });

/** The organisation's balance; kept fresh while orders are pending. */
export const useBalance = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...balanceQueryOptions(), enabled: options.enabled ?? true });
