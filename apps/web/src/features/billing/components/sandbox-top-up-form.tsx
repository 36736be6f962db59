import { type Balance, sandboxRecipientsNote } from '@giftrelay/contracts';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSandboxTopUp } from '../api/sandbox-top-up';
import { formatBalance } from '../utils/format-balance';
import { readTopUpAmount } from '../utils/top-up-amount';

const QUICK_AMOUNTS = [100, 1000, 5000];

/** Adds play money to a sandbox balance, so a team can keep trying things out. */
export function SandboxTopUpForm({
  currency,
  limits,
}: {
  currency: string;
  /** The sandbox's limits (decision 063), said under the form. */
  limits?: Balance['sandbox_limits'];
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const topUp = useSandboxTopUp();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (topUp.isPending) return;
    const read = readTopUpAmount(text, currency);
    if ('error' in read) {
      setError(read.error);
      document.getElementById(`${id}-amount`)?.focus();
      return;
    }
    setError(undefined);
    topUp.mutate(read.amount, {
      onSuccess: (balance) => {
        setText('');
        toast.success('Funds added', {
          description: `${formatBalance(read.amount, currency)} of sandbox funds added. Available: ${formatBalance(balance.available, balance.currency)}.`,
        });
      },
      onError: (err) => {
        const message = err instanceof Error && err.message ? err.message : 'Please try again.';
        setError(message);
        toast.error('Could not add funds', { description: message });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-labelledby={`${id}-heading`}>
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          Add sandbox funds
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Play money for trying things out: sandbox orders issue test codes and move no real money.
        </p>
        {limits && (
          <p className="mt-1 text-sm text-muted-foreground">
            A sandbox balance holds at most {formatBalance(limits.max_balance, currency)}.{' '}
            {sandboxRecipientsNote(limits)}
          </p>
        )}
      </div>
      <FormField id={`${id}-amount`} label={`Amount (${currency})`} error={error}>
        <Input
          {...fieldProps(`${id}-amount`, error)}
          inputMode="decimal"
          autoComplete="off"
          placeholder="1000"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(undefined);
          }}
        />
      </FormField>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Quick amounts</legend>
        {QUICK_AMOUNTS.map((amount) => (
          <Button
            key={amount}
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              setText(String(amount));
              setError(undefined);
            }}
          >
            {formatBalance(amount, currency)}
          </Button>
        ))}
      </fieldset>
      <Button type="submit" className="w-full sm:w-auto sm:justify-self-start" aria-disabled={topUp.isPending}>
        {topUp.isPending ? 'Adding...' : 'Add funds'}
      </Button>
    </form>
  );
}
