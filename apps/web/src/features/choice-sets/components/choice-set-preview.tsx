import type { ChoiceSet } from '@giftrelay/contracts';
import { useId, useState } from 'react';
import { CurrencySelect } from '@/components/ui/currency-select';
import { Input } from '@/components/ui/input';
import { ChoiceOptionsAtValue } from './choice-options-at-value';

/** A value and currency to try, and the set's cards at that value. */
export function ChoiceSetPreview({ set, defaultCurrency }: { set: ChoiceSet; defaultCurrency: string }) {
  const id = useId();
  const [amount, setAmount] = useState('25');
  const [currency, setCurrency] = useState(set.rule?.currency ?? defaultCurrency);
  return (
    <div className="grid gap-3 rounded-lg bg-muted/50 p-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <label htmlFor={`${id}-amount`} className="text-sm">
            Value
          </label>
          <Input
            id={`${id}-amount`}
            inputMode="decimal"
            className="w-28 tabular-nums"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-currency`} className="text-sm">
            Currency
          </label>
          <CurrencySelect
            id={`${id}-currency`}
            value={currency}
            disabled={Boolean(set.rule?.currency)}
            onValueChange={setCurrency}
          />
        </div>
      </div>
      <ChoiceOptionsAtValue setId={set.id} amount={amount} currency={currency} />
    </div>
  );
}
