import { useQueryClient } from '@tanstack/react-query';
import { ReceiptText } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/list-states';
import { LoadError } from '@/components/ui/load-error';
import { transactionsQueryKey, useBalanceTransactions } from '../api/list-balance-transactions';
import {
  filtersFromParams,
  filtersProblem,
  filtersToParams,
  hasFilters,
  type TransactionFilters,
} from '../utils/transaction-view';
import { StatementDownload } from './statement-download';
import { TransactionFiltersForm } from './transaction-filters';
import { TransactionsTable } from './transactions-table';

/**
 * Billing → Transactions: every movement of the balance, newest first, filtered by what the
 * address says, a page at a time; and the statement of a period to download.
 */
export function TransactionsSection({ balanceVersion }: { balanceVersion: string }) {
  const [params, setParams] = useSearchParams();
  const inAddress = useMemo(() => filtersFromParams(params), [params]);
  // The controls answer at once from this copy; the address follows (a navigation settles later,
  // and a checkbox bound to it alone would flick back until it does).
  const [filters, setFilters] = useState(inAddress);
  const addressKey = filtersToParams(new URLSearchParams(), inAddress).toString();
  // The address changed by itself (back, forward, a link): follow it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: addressKey stands for inAddress's value.
  useEffect(() => setFilters(inAddress), [addressKey]);
  const isValid = filtersProblem(filters) === null;
  const history = useBalanceTransactions(filters, isValid);
  const queryClient = useQueryClient();

  // When the balance moves (an order settles while the page is open), the history has news too.
  const lastVersion = useRef(balanceVersion);
  useEffect(() => {
    if (lastVersion.current === balanceVersion) return;
    lastVersion.current = balanceVersion;
    void queryClient.invalidateQueries({ queryKey: transactionsQueryKey() });
  }, [balanceVersion, queryClient]);

  const change = (next: TransactionFilters) => {
    setFilters(next);
    setParams((now) => filtersToParams(now, next), { replace: true, preventScrollReset: true });
  };
  const rows = history.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <section aria-labelledby="transactions-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="max-w-prose">
          <h2 id="transactions-heading" className="text-lg font-semibold">
            Transactions
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Every movement of your balance: funds added, holds for orders, what delivered orders cost, and what came
            back. Times are in UTC, as on statements.
          </p>
        </div>
      </div>
      <StatementDownload />
      <TransactionFiltersForm filters={filters} onChange={change} />
      {!isValid ? null : history.isPending ? (
        <div role="status" aria-label="Loading transactions" className="grid gap-2">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="h-12 animate-pulse rounded-lg bg-muted" />
          ))}
        </div>
      ) : history.isError && rows.length === 0 ? (
        <LoadError
          title="We could not load your transactions."
          error={history.error}
          onRetry={() => history.refetch()}
          isRetrying={history.isFetching}
        />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={ReceiptText}
          title={hasFilters(filters) ? 'No transactions match these filters' : 'No transactions yet'}
        >
          {hasFilters(filters) && (
            <Button variant="outline" size="sm" onClick={() => change({ kinds: [] })}>
              Clear filters
            </Button>
          )}
        </EmptyState>
      ) : (
        <>
          <TransactionsTable rows={rows} isBusy={history.isFetching} />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {`Showing ${rows.length} transaction${rows.length === 1 ? '' : 's'}`}
              {history.hasNextPage ? '' : ' (all of them)'}
            </p>
            {history.isFetchNextPageError && (
              <p role="alert" className="text-sm text-destructive">
                More could not be loaded. {history.error?.message}
              </p>
            )}
            {history.hasNextPage && (
              <Button
                variant="outline"
                aria-disabled={history.isFetchingNextPage}
                onClick={() => !history.isFetchingNextPage && history.fetchNextPage()}
              >
                {history.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
