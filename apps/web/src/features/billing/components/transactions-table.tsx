import type { BalanceTransaction } from '@giftrelay/contracts';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';
import { formatBalance } from '../utils/format-balance';
import { describeAmount, formatUtc } from '../utils/transaction-view';

const SCROLL_REGION = 'overflow-x-auto rounded-xl border focus-visible:outline-2';
const HEADINGS = ['Date (UTC)', 'Type', 'Description', 'Reference', 'Amount', 'Available after'];

function Reference({ tx }: { tx: BalanceTransaction }) {
  if (tx.order_id) {
    return (
      <Link
        to={`/orders/${tx.order_id}`}
        className="font-mono text-xs underline underline-offset-2"
        aria-label={`Order ${tx.order_id}`}
      >
        Order {tx.order_id.slice(0, 8)}
      </Link>
    );
  }
  if (tx.batch_id) {
    return (
      <Link
        to={`/orders/batches/${tx.batch_id}`}
        className="font-mono text-xs underline underline-offset-2"
        aria-label={`Batch ${tx.batch_id}`}
      >
        Batch {tx.batch_id.slice(0, 8)}
      </Link>
    );
  }
  return <span className="text-muted-foreground">—</span>;
}

/**
 * The history's rows. A credit and a debit differ in sign and in words as well as colour; the
 * table scrolls sideways on a narrow screen inside a region the keyboard can reach.
 */
export function TransactionsTable({ rows, isBusy }: { rows: BalanceTransaction[]; isBusy: boolean }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it.
    <section aria-label="Transactions table" tabIndex={0} className={SCROLL_REGION}>
      <table className="w-full min-w-[46rem] text-left text-sm" aria-busy={isBusy}>
        <caption className="sr-only">Balance transactions, newest first</caption>
        <thead className="bg-muted/50 text-muted-foreground">
          <tr>
            {HEADINGS.map((h) => (
              <th
                key={h}
                scope="col"
                className={cn('px-3 py-2 font-medium', (h === 'Amount' || h === 'Available after') && 'text-right')}
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map((tx) => {
            const amount = describeAmount(tx);
            const isCredit = amount.label === 'Credit';
            return (
              <tr key={tx.id} data-testid="transaction-row" data-kind={tx.kind}>
                <td className="whitespace-nowrap px-3 py-2 align-top tabular-nums">
                  <time dateTime={tx.created_at}>{formatUtc(tx.created_at)}</time>
                </td>
                <td className="whitespace-nowrap px-3 py-2 align-top font-medium">{tx.type}</td>
                <td className="px-3 py-2 align-top break-words">{tx.description}</td>
                <td className="whitespace-nowrap px-3 py-2 align-top">
                  <Reference tx={tx} />
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-right align-top tabular-nums">
                  <span
                    className={cn(
                      'font-medium',
                      isCredit ? 'text-emerald-700 dark:text-emerald-400' : 'text-rose-700 dark:text-rose-400',
                    )}
                  >
                    {amount.text}
                  </span>{' '}
                  <span className="text-xs text-muted-foreground">{amount.label.toLowerCase()}</span>
                  {amount.note && <span className="block text-xs text-muted-foreground">{amount.note}</span>}
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-right align-top tabular-nums">
                  {formatBalance(tx.available_after, tx.currency)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
