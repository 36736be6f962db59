import { formatMoney } from '@giftrelay/money';
import { TriangleAlert } from 'lucide-react';
import { useCardFunding } from '../api/get-card-funding';

/**
 * Says why sending is paused: a card refund or dispute took more than the balance held, and the
 * shortfall is owed until a top-up pays it (decision 046). Nothing while sending is allowed.
 */
export function SendingFrozenBanner() {
  const funding = useCardFunding();
  if (!funding.data?.sending_frozen) return null;
  const owed = formatMoney(funding.data.shortfall_minor, funding.data.currency);
  return (
    <div role="alert" className="flex gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4 text-sm">
      <TriangleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
      <div className="grid gap-1">
        <p className="font-semibold">Sending is paused: {owed} is owed</p>
        <p>
          A card payment was refunded or disputed after its funds were added, and your balance did not cover it. New
          orders and batches are refused until the shortfall is paid. Your next top-up pays it first, and sending
          resumes at once.
        </p>
      </div>
    </div>
  );
}
