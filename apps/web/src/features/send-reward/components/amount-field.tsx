import { formatMoney, toDecimalString } from '@giftrelay/money';
import { RadioGroup } from 'radix-ui';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import type { AmountRule } from '../utils/send-form';

interface AmountFieldProps {
  id: string;
  rule: AmountRule;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The field's own message, shown beside it as the person types. */
  error?: string;
  /** Another element that describes the field, such as the spec's notice. */
  describedBy?: string;
  /** While sending: the value stays as it is, focus stays where it is. */
  readOnly?: boolean;
  /** In place of the range under the field (a choice's value is any its cards accept). */
  hint?: string;
}

/**
 * The amount of one reward: typed within the product's range, or, for a fixed-value card, one of
 * its values to choose.
 */
export function AmountField({
  id,
  rule,
  value,
  onChange,
  onBlur,
  error,
  describedBy: more,
  readOnly,
  hint,
}: AmountFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const isInvalid = Boolean(error);
  const describedBy = [hintId, error && errorId, more].filter(Boolean).join(' ');
  const message = error && (
    <p id={errorId} className="text-sm text-destructive">
      {error}
    </p>
  );
  if (rule.fixedMinor) {
    return (
      <div className="grid gap-2">
        <span id={`${id}-label`} className="text-sm font-medium leading-none">
          Amount
        </span>
        <RadioGroup.Root
          id={id}
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy}
          aria-invalid={isInvalid || undefined}
          aria-required
          value={value}
          onValueChange={(next) => {
            if (!readOnly) onChange(next);
          }}
          onBlur={onBlur}
          orientation="horizontal"
          className="flex flex-wrap gap-2"
        >
          {rule.fixedMinor.map((minor) => {
            const text = toDecimalString(minor, rule.currency);
            return (
              <RadioGroup.Item
                key={minor}
                value={text}
                className={cn(
                  'h-10 min-w-16 rounded-md border px-3 text-sm font-medium tabular-nums hover:bg-muted',
                  'data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground',
                  isInvalid && 'border-destructive',
                )}
              >
                {formatMoney(minor, rule.currency)}
              </RadioGroup.Item>
            );
          })}
        </RadioGroup.Root>
        <p id={hintId} className="text-xs text-muted-foreground">
          This card comes in these values only.
        </p>
        {message}
      </div>
    );
  }
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Amount</Label>
      <div className="relative">
        <span
          aria-hidden
          className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground"
        >
          {rule.currency}
        </span>
        <Input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          placeholder={toDecimalString(rule.minMinor, rule.currency)}
          className="pl-14 tabular-nums"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedBy}
          required
          readOnly={readOnly}
        />
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {hint ?? `From ${formatMoney(rule.minMinor, rule.currency)} to ${formatMoney(rule.maxMinor, rule.currency)}`}
      </p>
      {message}
    </div>
  );
}
