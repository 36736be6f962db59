import { Choice } from './choice';

interface FilterSelectProps<T extends string> {
  /** The control's accessible name. */
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}

/** A filter of a list or a report (the order history's, the dashboard's): a labelled select of a few choices. */
export function FilterSelect<T extends string>({ label, options, value, onChange }: FilterSelectProps<T>) {
  const labels = Object.fromEntries(options.map((o) => [o.value, o.label])) as Record<T, string>;
  return (
    <Choice
      label={label}
      hideLabel
      className="sm:w-44"
      options={options.map((o) => o.value)}
      labels={labels}
      value={value}
      onChange={onChange}
    />
  );
}
