import { Download, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { OrdersExportState } from '../hooks/use-orders-export';

const count = new Intl.NumberFormat('en-US');

interface ExportButtonProps {
  state: OrdersExportState;
  onExport: () => void;
  onCancel: () => void;
}

/**
 * Export, and while a download runs: the rows received against those expected, and Cancel. The
 * button stays (marked busy rather than disabled) so keyboard focus is not lost when it is pressed.
 */
export function ExportButton({ state, onExport, onCancel }: ExportButtonProps) {
  const isRunning = state.status === 'running';
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      <Button
        variant="outline"
        aria-disabled={isRunning}
        onClick={() => !isRunning && onExport()}
        className="aria-disabled:cursor-progress aria-disabled:opacity-60"
      >
        <Download aria-hidden className="size-4" />
        {isRunning ? 'Exporting…' : 'Export'}
      </Button>
      {isRunning && <ExportProgress rows={state.rows} total={state.total} onCancel={onCancel} />}
    </div>
  );
}

function ExportProgress({ rows, total, onCancel }: { rows: number; total?: number; onCancel: () => void }) {
  const hasTotal = total !== undefined && total > 0;
  // Until the first rows arrive the bar says it is busy rather than showing a stuck 0.
  const isStarted = rows > 0;
  const received = hasTotal ? Math.min(rows, total) : rows;
  const text = !isStarted
    ? `Preparing${hasTotal ? ` ${count.format(total)} orders` : ''}…`
    : hasTotal
      ? `${count.format(received)} of ${count.format(total)} orders`
      : `${count.format(rows)} orders`;
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2">
      <div className="grid min-w-28 flex-1 gap-1">
        <span className="text-xs text-muted-foreground tabular-nums">{text}</span>
        <progress
          aria-label="Export progress"
          aria-valuetext={text}
          value={hasTotal && isStarted ? received : undefined}
          max={hasTotal && isStarted ? total : undefined}
          className="h-1.5 w-full appearance-none overflow-hidden rounded-full bg-muted [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary"
        />
      </div>
      <Button variant="ghost" size="sm" onClick={onCancel}>
        <X aria-hidden className="size-4" />
        Cancel
      </Button>
    </div>
  );
}
