import { Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useBalance } from '../api/get-balance';
import { formatBalance } from '../utils/format-balance';

const linkClass =
  'inline-flex h-9 items-center gap-2 rounded-md border px-2.5 text-sm hover:bg-muted focus-visible:outline-2';

/** The available balance in the signed-in header, a link to Billing; fresh after each send. */
export function HeaderBalance() {
  const balance = useBalance();
  if (balance.isPending) {
    return (
      <span className={`${linkClass} w-28 animate-pulse bg-muted`} role="status">
        <span className="sr-only">Loading balance</span>
      </span>
    );
  }
  if (balance.isError) {
    return (
      <Link to={paths.billing} className={`${linkClass} text-muted-foreground`}>
        <Wallet aria-hidden className="size-4" />
        Balance unavailable
      </Link>
    );
  }
  const { available, held, currency } = balance.data;
  return (
    <Link to={paths.billing} className={linkClass} data-testid="header-balance">
      <Wallet aria-hidden className="size-4 text-muted-foreground" />
      <span className="hidden text-muted-foreground sm:inline">Balance</span>
      <span className="sr-only sm:hidden">Balance</span>
      <span className="font-semibold tabular-nums">{formatBalance(available, currency)}</span>
      {held > 0 && (
        <span className="hidden text-xs text-muted-foreground md:inline">({formatBalance(held, currency)} held)</span>
      )}
    </Link>
  );
}
