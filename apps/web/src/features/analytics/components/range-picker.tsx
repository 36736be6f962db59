import { ANALYTICS_INTERVALS } from '@giftrelay/contracts';
import { ToggleGroup } from 'radix-ui';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { type AnalyticsRange, activePreset, PRESETS } from '../utils/range';

const INTERVAL_LABELS = { day: 'Day', week: 'Week', month: 'Month' } as const;

interface RangePickerProps {
  range: AnalyticsRange;
  today: string;
  onChange: (changes: Partial<AnalyticsRange>, options?: { replace?: boolean }) => void;
  /** The server's word on a range it refused, shown beside the dates. */
  error?: string;
}

function DateField(props: {
  id: string;
  label: string;
  value: string;
  error?: string;
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
        aria-invalid={Boolean(props.error)}
        aria-describedby={props.error ? 'range-error' : undefined}
        // A date input reports "" while its text is not a whole date yet: keep the last one.
        onChange={(e) => e.target.value && props.onChange(e.target.value)}
      />
    </div>
  );
}

/** From and to dates, quick ranges, and the interval the figures are grouped by. */
export function RangePicker({ range, today, onChange, error }: RangePickerProps) {
  const preset = activePreset(range, today);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <DateField
          id="range-from"
          label="From"
          value={range.from}
          error={error}
          onChange={(from) => onChange({ from }, { replace: true })}
        />
        <DateField
          id="range-to"
          label="To"
          value={range.to}
          error={error}
          onChange={(to) => onChange({ to }, { replace: true })}
        />
        <div className="grid gap-1.5">
          <span id="range-interval" className="text-sm font-medium leading-none">
            Interval
          </span>
          <ToggleGroup.Root
            type="single"
            value={range.interval}
            onValueChange={(interval) => interval && onChange({ interval })}
            aria-labelledby="range-interval"
            className="inline-flex h-10 rounded-md border bg-muted p-1"
          >
            {ANALYTICS_INTERVALS.map((interval) => (
              <ToggleGroup.Item
                key={interval}
                value={interval}
                className="rounded px-3 text-sm font-medium text-muted-foreground data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm"
              >
                {INTERVAL_LABELS[interval]}
              </ToggleGroup.Item>
            ))}
          </ToggleGroup.Root>
        </div>
      </div>
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">Quick ranges</legend>
        <span aria-hidden className="text-sm text-muted-foreground">
          Last
        </span>
        {PRESETS.map((p) => (
          <Button
            key={p.id}
            type="button"
            size="sm"
            variant={preset?.id === p.id ? 'secondary' : 'outline'}
            aria-pressed={preset?.id === p.id}
            aria-label={`Last ${p.label}`}
            className={cn(preset?.id === p.id && 'border border-transparent')}
            onClick={() => onChange({ ...p.range(today), interval: p.interval })}
          >
            {p.label}
          </Button>
        ))}
      </fieldset>
      {error && (
        <p id="range-error" role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
