import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { activePreset, lastDays, PRESET_DAYS, type SiteRange } from '../utils/range';

interface RangePickerProps {
  range: SiteRange;
  today: string;
  onChange: (changes: Partial<SiteRange>, options?: { replace?: boolean }) => void;
  /** The server's word on a range it refused, shown under the dates. */
  error?: string;
}

function DateField(props: { id: string; label: string; value: string; error?: string; onChange: (v: string) => void }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input
        id={props.id}
        type="date"
        className="w-40"
        value={props.value}
        aria-invalid={Boolean(props.error)}
        aria-describedby={props.error ? 'site-range-error' : undefined}
        // A date input reports "" while its text is not a whole date yet: keep the last one.
        onChange={(e) => e.target.value && props.onChange(e.target.value)}
      />
    </div>
  );
}

/** Quick ranges (the last 7, 30 or 90 days) and a custom one. */
export function RangePicker({ range, today, onChange, error }: RangePickerProps) {
  const preset = activePreset(range, today);
  return (
    <div className="grid gap-4">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">Quick ranges</legend>
        <span aria-hidden className="text-sm text-muted-foreground">
          Last
        </span>
        {PRESET_DAYS.map((days) => (
          <Button
            key={days}
            type="button"
            size="sm"
            variant={preset === days ? 'secondary' : 'outline'}
            aria-pressed={preset === days}
            aria-label={`Last ${days} days`}
            onClick={() => onChange(lastDays(days, today))}
          >
            {days} days
          </Button>
        ))}
      </fieldset>
      <div className="flex flex-wrap items-end gap-3">
        <DateField
          id="site-range-from"
          label="From"
          value={range.from}
          error={error}
          onChange={(from) => onChange({ from }, { replace: true })}
        />
        <DateField
          id="site-range-to"
          label="To"
          value={range.to}
          error={error}
          onChange={(to) => onChange({ to }, { replace: true })}
        />
      </div>
      {error && (
        <p id="site-range-error" role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
