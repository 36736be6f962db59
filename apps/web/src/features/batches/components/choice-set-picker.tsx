import type { ChoiceSet } from '@giftrelay/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { CurrencySelect } from '@/components/ui/currency-select';
import { INPUT_CLASS } from '@/components/ui/field-classes';
import { paths } from '@/config/paths';
import { useChoiceSetsForBatch } from '../api/get-choice-sets';

/**
 * A recipient's choice for every row without a product code or choice set of its own (decision
 * 080): one of the organisation's saved sets, the rows' amounts its value.
 */
export function ChoiceSetPicker({
  value,
  onChange,
  currency,
  onCurrency,
}: {
  value: ChoiceSet | null;
  onChange: (set: ChoiceSet | null) => void;
  /** The currency of the amounts of rows without their own (a set's rule may fix it). */
  currency: string;
  onCurrency: (currency: string) => void;
}) {
  const id = useId();
  const sets = useChoiceSetsForBatch();
  return (
    <div className="grid max-w-md gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Or let each recipient choose their card
      </label>
      {sets.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Your choice sets could not be loaded: {sets.error.message}
        </p>
      ) : (
        <select
          id={id}
          className={INPUT_CLASS}
          disabled={sets.isPending}
          value={value?.id ?? ''}
          onChange={(e) => onChange(sets.data?.find((s) => s.id === e.target.value) ?? null)}
        >
          <option value="">{sets.isPending ? 'Loading choice sets…' : 'No choice set'}</option>
          {sets.data?.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      )}
      {value && !value.rule?.currency && (
        <div className="mt-2 grid gap-1">
          <label htmlFor={`${id}-currency`} className="text-sm">
            Currency of the amounts
          </label>
          <CurrencySelect id={`${id}-currency`} value={currency} onValueChange={onCurrency} />
        </div>
      )}
      <p className="text-xs text-muted-foreground">
        {value
          ? `Every row without its own product code gets ${value.name}: the recipient picks one card of the row’s amount in ${value.rule?.currency ?? currency} (a currency column overrides it).`
          : sets.data?.length === 0
            ? 'You have no choice sets yet.'
            : 'A choice set instead of one reward: the recipient picks the card.'}{' '}
        <Link to={paths.choiceSets} className="underline underline-offset-4">
          Choice sets
        </Link>
      </p>
    </div>
  );
}
