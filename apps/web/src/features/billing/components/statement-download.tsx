import type { StatementFormat } from '@giftrelay/contracts';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ApiError } from '@/lib/api-client';
import { useDownloadStatement } from '../api/download-statement';
import { periodProblem, presetPeriod, type StatementPreset } from '../utils/statement-period';

const PRESETS: { value: StatementPreset; label: string }[] = [
  { value: 'this-month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: 'last-30-days', label: 'Last 30 days' },
  { value: 'custom', label: 'Custom period' },
];

/** A statement of a period (opening and closing balances, every movement, totals) as CSV or PDF. */
export function StatementDownload() {
  const id = useId();
  const [preset, setPreset] = useState<StatementPreset>('this-month');
  const [custom, setCustom] = useState(() => presetPeriod('this-month'));
  const [format, setFormat] = useState<StatementFormat>('pdf');
  const download = useDownloadStatement();
  const period = preset === 'custom' ? custom : presetPeriod(preset);
  const problem = periodProblem(period);

  const start = () => {
    if (problem || download.isPending) return;
    download.mutate(
      { period, format },
      {
        onSuccess: (name) => toast.success('Statement ready', { description: `${name} is in your downloads.` }),
        onError: (err) =>
          toast.error('The statement could not be downloaded', {
            description: err instanceof ApiError ? err.message : 'Please try again.',
          }),
      },
    );
  };

  return (
    <Card className="p-4">
      <form
        aria-labelledby={`${id}-title`}
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          start();
        }}
      >
        <h3 id={`${id}-title`} className="text-sm font-semibold">
          Download a statement
        </h3>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid w-full gap-1.5 sm:w-48">
            <Label id={`${id}-period`}>Period</Label>
            <Select value={preset} onValueChange={(v) => setPreset(v as StatementPreset)}>
              <SelectTrigger aria-labelledby={`${id}-period`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {PRESETS.map((p) => (
                  <SelectItem key={p.value} value={p.value}>
                    {p.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {preset === 'custom' && (
            <>
              <div className="grid w-full gap-1.5 sm:w-44">
                <Label htmlFor={`${id}-from`}>First day (UTC)</Label>
                <Input
                  id={`${id}-from`}
                  type="date"
                  required
                  value={custom.from}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${id}-problem` : undefined}
                  onChange={(e) => setCustom((c) => ({ ...c, from: e.target.value }))}
                />
              </div>
              <div className="grid w-full gap-1.5 sm:w-44">
                <Label htmlFor={`${id}-to`}>Last day (UTC)</Label>
                <Input
                  id={`${id}-to`}
                  type="date"
                  required
                  value={custom.to}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${id}-problem` : undefined}
                  onChange={(e) => setCustom((c) => ({ ...c, to: e.target.value }))}
                />
              </div>
            </>
          )}
          <fieldset className="flex items-center gap-4">
            <legend className="sr-only">Format</legend>
            {(['pdf', 'csv'] as const).map((f) => (
              <label key={f} className="inline-flex min-h-10 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-format`}
                  value={f}
                  className="size-4 accent-primary"
                  checked={format === f}
                  onChange={() => setFormat(f)}
                />
                {f.toUpperCase()}
              </label>
            ))}
          </fieldset>
          <Button type="submit" variant="outline" aria-disabled={Boolean(problem) || download.isPending}>
            <Download aria-hidden className="size-4" />
            {download.isPending ? 'Preparing…' : 'Download statement'}
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">
          {preset === 'custom' ? '' : `${period.from} to ${period.to} (UTC). `}
          Opening and closing balances, every movement with the balances after it, and totals by type.
        </p>
        {problem && (
          <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
      </form>
    </Card>
  );
}
