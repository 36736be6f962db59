import { formatMoney } from '@giftrelay/money';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { sharedQueryKeys } from '@/lib/query-keys';
import { useCardCheckout } from '../api/get-card-checkout';
import { cardFundingQueryKey } from '../api/get-card-funding';

const RETURN_PARAMS = ['checkout', 'checkout_id', 'session_id'];

/**
 * Back from Stripe's payment page (`?checkout=success` or `cancelled`): waits for Stripe's
 * confirmation to reach GiftRelay (the balance is credited by its webhook, not by this page), then
 * refreshes the balance and says so.
 */
export function CheckoutReturn() {
  const [params, setParams] = useSearchParams();
  const state = params.get('checkout');
  const id = params.get('checkout_id') ?? params.get('session_id');
  const checkout = useCardCheckout(state === 'success' ? id : null);
  const queryClient = useQueryClient();
  const announced = useRef(false);
  const data = checkout.data;

  useEffect(() => {
    if (data?.status !== 'completed' || announced.current) return;
    announced.current = true;
    void queryClient.invalidateQueries({ queryKey: sharedQueryKeys.balance });
    void queryClient.invalidateQueries({ queryKey: cardFundingQueryKey });
    toast.success('Funds added', {
      description: `${formatMoney(data.amount_minor, data.currency)} added to your balance.`,
    });
  }, [data, queryClient]);

  if (state !== 'success' && state !== 'cancelled') return null;
  const dismiss = () =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const name of RETURN_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
  const frame = (children: ReactNode, tone: 'info' | 'good' = 'info') => (
    <div
      role="status"
      className={`flex flex-wrap items-center gap-3 rounded-xl border p-4 text-sm ${tone === 'good' ? 'border-emerald-600/40 bg-emerald-600/5' : ''}`}
    >
      {children}
      <Button variant="outline" size="sm" className="ml-auto" onClick={dismiss}>
        Dismiss
      </Button>
    </div>
  );

  if (state === 'cancelled') return frame(<p>Payment cancelled. Nothing was charged to your card.</p>);
  if (!id) return frame(<p>We could not tell which payment you came back from. Your balance below is up to date.</p>);
  if (checkout.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border p-4 text-sm">
        We could not check this payment. {checkout.error.message}
        <Button variant="outline" size="sm" onClick={() => checkout.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!data || data.status === 'open') {
    return frame(
      <>
        <Spinner label="Waiting for Stripe" />
        <p>
          Waiting for Stripe to confirm your payment. Your balance is credited as soon as it does; you may leave this
          page.
        </p>
      </>,
    );
  }
  if (data.status === 'expired') {
    return frame(<p>This payment was not completed, and nothing was charged. Start a new top-up below.</p>);
  }
  return frame(
    <p>
      Payment received: <span className="font-semibold">{formatMoney(data.amount_minor, data.currency)}</span> added to
      your balance.
    </p>,
    'good',
  );
}
