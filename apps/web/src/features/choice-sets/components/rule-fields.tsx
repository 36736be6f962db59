import type { ChoiceRule } from '@giftrelay/contracts';
import { useId } from 'react';
import { INPUT_CLASS } from '@/components/ui/field-classes';
import { Spinner } from '@/components/ui/spinner';
import { useRuleOptions } from '../api/get-rule-options';

export type RuleDraft = Partial<Record<keyof ChoiceRule, string>>;

/** The rule's three filters, each "Any" or one of the catalogue's values. */
export function RuleFields({
  value,
  onChange,
  error,
}: {
  value: RuleDraft;
  onChange: (rule: RuleDraft) => void;
  error?: string;
}) {
  const id = useId();
  const options = useRuleOptions(true);
  if (options.isPending) return <Spinner label="Loading the catalogue’s categories" />;
  if (options.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        The catalogue’s categories could not be loaded: {options.error.message}
      </p>
    );
  }
  const { categories, countries, currencies } = options.data;
  const fields = [
    { key: 'category', label: 'Category', items: categories.map((c) => ({ value: c.name, label: c.name })) },
    { key: 'country', label: 'Country', items: countries.map((c) => ({ value: c.code, label: c.name })) },
    { key: 'currency', label: 'Currency', items: currencies.map((c) => ({ value: c.code, label: c.code })) },
  ] as const;
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium">Every available card that matches, and accepts the value sent</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        {fields.map((field) => (
          <div key={field.key} className="grid gap-1">
            <label htmlFor={`${id}-${field.key}`} className="text-sm">
              {field.label}
            </label>
            <select
              id={`${id}-${field.key}`}
              className={INPUT_CLASS}
              value={value[field.key] ?? ''}
              onChange={(e) => onChange({ ...value, [field.key]: e.target.value || undefined })}
            >
              <option value="">Any</option>
              {field.items.map((item) => (
                <option key={item.value} value={item.value}>
                  {item.label}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
