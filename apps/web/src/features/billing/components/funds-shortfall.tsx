import type { Balance } from '@giftrelay/contracts';
import { toMajor } from '@giftrelay/money';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/auth/use-can';
import { useSandboxTopUp } from '../api/sandbox-top-up';
import { formatBalance } from '../utils/format-balance';

interface FundsShortfallProps {
  /** How much more the balance needs, in minor units of its currency. */
  missing: number;
  balance: Balance;
}

/**
 * What to do when a send costs more than the balance: Billing, and in the sandbox, the missing
 * play money added in place (the same sandbox top-up Billing offers).
 */
export function FundsShortfall({ missing, balance }: FundsShortfallProps) {
  const topUp = useSandboxTopUp();
  // Only owners and admins add play money (topUpSandboxBalance); a sender is told whom to ask.
  const canTopUp = useCan('topUpSandboxBalance');
  const amount = toMajor(missing, balance.currency);
  const addMissing = () => {
    if (topUp.isPending) return;
    topUp.mutate(amount, {
      onSuccess: (next) =>
        toast.success('Funds added', {
          description: `${formatBalance(amount, next.currency)} of sandbox funds added. Available: ${formatBalance(next.available, next.currency)}.`,
        }),
      onError: (err) =>
        toast.error('Could not add funds', {
          description: err instanceof Error && err.message ? err.message : 'Please try again.',
        }),
    });
  };
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      {balance.sandbox && canTopUp && (
        <Button type="button" size="sm" variant="outline" aria-disabled={topUp.isPending} onClick={addMissing}>
          {topUp.isPending ? 'Adding...' : `Add ${formatBalance(amount, balance.currency)} sandbox funds`}
        </Button>
      )}
      {canTopUp ? (
        <Link to={paths.billing} className="font-medium text-primary underline">
          Add funds in Billing
        </Link>
      ) : (
        <span>Ask an owner or admin of your organisation to add funds.</span>
      )}
    </span>
  );
}
