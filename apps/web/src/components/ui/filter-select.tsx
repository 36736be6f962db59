import { useId } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

interface FilterSelectProps<T extends string> {
  /** The control's accessible name. */
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}

/** A filter of a list or a report (the order history's, the dashboard's): a labelled select of a few choices. */
export function FilterSelect<T extends string>({ label, options, value, onChange }: FilterSelectProps<T>) {
  const labelId = useId();
  return (
    <div className="sm:w-44">
      <span id={labelId} className="sr-only">
        {label}
      </span>
      <Select value={value} onValueChange={(next) => onChange(next as T)}>
        <SelectTrigger aria-labelledby={labelId}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
