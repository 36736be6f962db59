import type { TransactionDirection } from '@giftrelay/contracts';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { filtersProblem, hasFilters, KIND_OPTIONS, type TransactionFilters } from '../utils/transaction-view';

const ANY = 'any';

/** The history's filters: types (several at once), a UTC date range and the direction. */
export function TransactionFiltersForm({
  filters,
  onChange,
}: {
  filters: TransactionFilters;
  onChange: (next: TransactionFilters) => void;
}) {
  const id = useId();
  const problem = filtersProblem(filters);
  const toggle = (kind: (typeof KIND_OPTIONS)[number]['kind'], on: boolean) =>
    onChange({ ...filters, kinds: on ? [...filters.kinds, kind] : filters.kinds.filter((k) => k !== kind) });
  return (
    <div className="grid gap-3">
      <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <legend className="mb-2 text-sm font-medium">Type</legend>
        {KIND_OPTIONS.map(({ kind, label }) => (
          <label key={kind} className="inline-flex min-h-8 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={filters.kinds.includes(kind)}
              onChange={(e) => toggle(kind, e.target.checked)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-[repeat(3,minmax(0,12rem))_auto] sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-from`}>From (UTC)</Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={filters.from ?? ''}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(e) => onChange({ ...filters, from: e.target.value || undefined })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-to`}>To (UTC)</Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={filters.to ?? ''}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(e) => onChange({ ...filters, to: e.target.value || undefined })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label id={`${id}-direction`}>Direction</Label>
          <Select
            value={filters.direction ?? ANY}
            onValueChange={(v) =>
              onChange({ ...filters, direction: v === ANY ? undefined : (v as TransactionDirection) })
            }
          >
            <SelectTrigger aria-labelledby={`${id}-direction`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>Credits and debits</SelectItem>
              <SelectItem value="credit">Credits (money in)</SelectItem>
              <SelectItem value="debit">Debits (money out)</SelectItem>
            </SelectContent>
          </Select>
        </div>
        {hasFilters(filters) && (
          <Button variant="ghost" onClick={() => onChange({ kinds: [] })}>
            Clear filters
          </Button>
        )}
      </div>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}
