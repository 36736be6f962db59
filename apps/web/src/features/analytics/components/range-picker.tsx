import { ANALYTICS_INTERVALS } from '@giftrelay/contracts';
import { ToggleGroup } from 'radix-ui';
import { DateRangePicker } from '@/components/ui/date-range-picker';
import { type AnalyticsRange, activePreset, PRESETS } from '../utils/range';

const INTERVAL_LABELS = { day: 'Day', week: 'Week', month: 'Month' } as const;

interface RangePickerProps {
  range: AnalyticsRange;
  today: string;
  onChange: (changes: Partial<AnalyticsRange>, options?: { replace?: boolean }) => void;
  /** The server's word on a range it refused, shown beside the dates. */
  error?: string;
}

/** From and to dates, quick ranges, and the interval the figures are grouped by. */
export function RangePicker({ range, today, onChange, error }: RangePickerProps) {
  const preset = activePreset(range, today);
  return (
    <DateRangePicker
      idPrefix="range"
      from={range.from}
      to={range.to}
      onDateChange={(changes) => onChange(changes, { replace: true })}
      quickRanges={PRESETS.map((p) => ({
        key: p.id,
        label: p.label,
        name: `Last ${p.label}`,
        isActive: preset?.id === p.id,
        onSelect: () => onChange({ ...p.range(today), interval: p.interval }),
      }))}
      error={error}
    >
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
    </DateRangePicker>
  );
}
