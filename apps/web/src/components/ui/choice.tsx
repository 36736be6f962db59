import { useId } from 'react';
import { cn } from '@/lib/utils';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

interface ChoiceProps<T extends string> {
  /** The control's accessible name, shown above it unless `hideLabel`. */
  label: string;
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T) => void;
  disabled?: boolean;
  /** For a filter beside a list, where the options say what it is. */
  hideLabel?: boolean;
  className?: string;
}

/** One of a few fixed options, as a labelled select (the generators' tone, audience, offer…). */
export function Choice<T extends string>({
  label,
  value,
  options,
  labels,
  onChange,
  disabled,
  hideLabel = false,
  className,
}: ChoiceProps<T>) {
  const id = useId();
  return (
    <div className={cn(!hideLabel && 'grid gap-2', className)}>
      <span id={id} className={hideLabel ? 'sr-only' : 'font-medium text-sm'}>
        {label}
      </span>
      <Select value={value} onValueChange={(v) => onChange(v as T)} disabled={disabled}>
        <SelectTrigger aria-labelledby={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option} value={option}>
              {labels[option]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
