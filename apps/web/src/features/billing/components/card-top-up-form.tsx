import type { CardFunding } from '@giftrelay/contracts';
import { formatMoney, toMajor } from '@giftrelay/money';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useCreateCardCheckout } from '../api/create-card-checkout';
import { readCardTopUp } from '../utils/card-top-up-amount';

/**
 * A card top-up: the amount, with the card fee and the total worked out as it is typed (the
 * server's own fee function), then Stripe's hosted payment page. The balance is credited once
 * Stripe confirms the payment, never by this page.
 */
export function CardTopUpForm({ funding }: { funding: CardFunding }) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const checkout = useCreateCardCheckout();
  const { currency } = funding;
  const read = text.trim() ? readCardTopUp(text, currency) : null;
  const figures = read && !('error' in read) ? read : null;
  const busy = checkout.isPending || checkout.isSuccess;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const result = readCardTopUp(text, currency);
    if ('error' in result) {
      setError(result.error);
      document.getElementById(`${id}-amount`)?.focus();
      return;
    }
    setError(undefined);
    checkout.mutate(toMajor(result.amount, currency), {
      onSuccess: (session) => {
        if (session.url) window.location.assign(session.url);
      },
      onError: (err) => {
        const message = err instanceof Error && err.message ? err.message : 'Please try again.';
        setError(message);
        toast.error('Could not start the payment', { description: message });
      },
    });
  };

  const row = (label: string, minor: number | undefined, strong = false) => (
    <div className="flex items-baseline justify-between gap-4">
      <dt className={strong ? 'font-medium' : 'text-muted-foreground'}>{label}</dt>
      <dd className={strong ? 'font-semibold tabular-nums' : 'tabular-nums'}>
        {minor === undefined ? '—' : formatMoney(minor, currency)}
      </dd>
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-labelledby={`${id}-heading`}>
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          Add funds by card
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Pay by card on Stripe’s secure page. A card fee of {funding.fee_rate} is added on top; your balance is
          credited with the amount as soon as Stripe confirms the payment. From{' '}
          {formatMoney(funding.min_amount_minor, currency)} to {formatMoney(funding.max_amount_minor, currency)}.
        </p>
      </div>
      <FormField id={`${id}-amount`} label={`Amount to add (${currency})`} error={error}>
        <Input
          {...fieldProps(`${id}-amount`, error)}
          inputMode="decimal"
          autoComplete="off"
          placeholder="500"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(undefined);
          }}
        />
      </FormField>
      <dl className="grid gap-1 rounded-lg border p-3 text-sm" aria-live="polite" aria-label="Payment summary">
        {row('Added to your balance', figures?.amount)}
        {row(`Card fee (${funding.fee_rate})`, figures?.fee)}
        {row('Total charged to your card', figures?.total, true)}
      </dl>
      <Button type="submit" className="w-full sm:w-auto sm:justify-self-start" aria-disabled={busy}>
        {busy ? 'Opening Stripe...' : 'Continue to payment'}
      </Button>
    </form>
  );
}
