import { CURRENCY_CODES } from '@giftrelay/contracts';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { INPUT_CLASS } from './field-classes';

/** Every ISO 4217 currency the money rules know, as a native select (keyboard and screen readers for free). */
export function CurrencySelect({
  onValueChange,
  className,
  ...props
}: Omit<ComponentProps<'select'>, 'onChange' | 'children'> & { onValueChange: (currency: string) => void }) {
  return (
    <select className={cn(INPUT_CLASS, 'w-28', className)} onChange={(e) => onValueChange(e.target.value)} {...props}>
      {CURRENCY_CODES.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </select>
  );
}
