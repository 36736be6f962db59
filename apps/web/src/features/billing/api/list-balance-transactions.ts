import { ListBalanceTransactionsResponseSchema } from '@giftrelay/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';
import { type TransactionFilters, transactionsQuery } from '../utils/transaction-view';

export const TRANSACTIONS_PAGE_SIZE = 25;

export const listBalanceTransactions = async (
  filters: TransactionFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
) =>
  ListBalanceTransactionsResponseSchema.parse(
    await api.get(`/api/v1/balance/transactions?${transactionsQuery(filters, cursor, TRANSACTIONS_PAGE_SIZE)}`, {
      signal,
    }),
  );

/** Under the balance's key: whatever refreshes the balance (an order, a top-up) refreshes its history too. */
export const transactionsQueryKey = (filters?: TransactionFilters) =>
  filters
    ? ([...sharedQueryKeys.balance, 'transactions', filters] as const)
    : ([...sharedQueryKeys.balance, 'transactions'] as const);

export const balanceTransactionsQueryOptions = (filters: TransactionFilters) =>
  infiniteQueryOptions({
    queryKey: transactionsQueryKey(filters),
    queryFn: ({ pageParam, signal }) => listBalanceTransactions(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.has_more && last.next_cursor ? last.next_cursor : undefined),
    placeholderData: keepPreviousData,
  });

/** The balance's history, newest first, a page at a time ("Load more"). */
export const useBalanceTransactions = (filters: TransactionFilters, enabled = true) =>
  useInfiniteQuery({ ...balanceTransactionsQueryOptions(filters), enabled });
