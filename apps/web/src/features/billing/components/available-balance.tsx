import { useBalance } from '../api/get-balance';
import { formatBalance } from '../utils/format-balance';

/** One line with the balance available to spend, for places where money is about to go out. */
export function AvailableBalance() {
  const balance = useBalance();
  if (!balance.data) return null;
  return (
    <p className="text-sm text-muted-foreground">
      Available balance:{' '}
      <span className="font-medium text-foreground tabular-nums">
        {formatBalance(balance.data.available, balance.data.currency)}
      </span>
    </p>
  );
}
