import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { Input } from './input';
import { Label } from './label';

export interface QuickRange {
  key: string;
  /** The button's text: "7 days". */
  label: string;
  /** Its accessible name: "Last 7 days". */
  name: string;
  isActive: boolean;
  onSelect: () => void;
}

interface DateRangePickerProps {
  /** Prefix of the fields' ids: `${idPrefix}-from`, `-to`, `-error`. */
  idPrefix: string;
  from: string;
  to: string;
  /** A typed date: the caller replaces the history entry rather than adding one per key. */
  onDateChange: (changes: { from: string } | { to: string }) => void;
  quickRanges: QuickRange[];
  /** Quick ranges above the dates rather than under them. */
  quickRangesFirst?: boolean;
  /** The server's word on a range it refused, shown under the dates. */
  error?: string;
  /** More controls beside the dates (analytics' interval). */
  children?: ReactNode;
}

function DateField(props: {
  id: string;
  label: string;
  value: string;
  errorId?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input
        id={props.id}
        type="date"
        className="w-40"
        value={props.value}
        aria-invalid={Boolean(props.errorId)}
        aria-describedby={props.errorId}
        // A date input reports "" while its text is not a whole date yet: keep the last one.
        onChange={(e) => e.target.value && props.onChange(e.target.value)}
      />
    </div>
  );
}

/** From and to dates with quick ranges ("Last 7 days"), for a report whose range lives in the URL. */
export function DateRangePicker({
  idPrefix,
  from,
  to,
  onDateChange,
  quickRanges,
  quickRangesFirst = false,
  error,
  children,
}: DateRangePickerProps) {
  const errorId = error ? `${idPrefix}-error` : undefined;
  const dates = (
    <div className="flex flex-wrap items-end gap-3">
      <DateField
        id={`${idPrefix}-from`}
        label="From"
        value={from}
        errorId={errorId}
        onChange={(value) => onDateChange({ from: value })}
      />
      <DateField
        id={`${idPrefix}-to`}
        label="To"
        value={to}
        errorId={errorId}
        onChange={(value) => onDateChange({ to: value })}
      />
      {children}
    </div>
  );
  const quick = (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Quick ranges</legend>
      <span aria-hidden className="text-sm text-muted-foreground">
        Last
      </span>
      {quickRanges.map((q) => (
        <Button
          key={q.key}
          type="button"
          size="sm"
          variant={q.isActive ? 'secondary' : 'outline'}
          aria-pressed={q.isActive}
          aria-label={q.name}
          // The outline buttons' border, kept on the pressed one so the row does not shift.
          className={cn(q.isActive && 'border border-transparent')}
          onClick={q.onSelect}
        >
          {q.label}
        </Button>
      ))}
    </fieldset>
  );
  return (
    <div className="grid gap-4">
      {quickRangesFirst ? quick : dates}
      {quickRangesFirst ? dates : quick}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
