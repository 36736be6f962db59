import type { Batch } from '@giftrelay/contracts';

function Bar({ label, done, of, detail }: { label: string; done: number; of: number; detail: string }) {
  const percent = of ? Math.round((done / of) * 100) : 100;
  return (
    <div className="grid gap-1">
      <div className="flex justify-between text-sm">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums text-muted-foreground">{detail}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={detail}
        className="h-2.5 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** Rows accepted (made orders, or not sent), then orders delivered or failed, live. */
export function BatchProgress({ batch }: { batch: Batch }) {
  const c = batch.counts;
  const handled = c.rows - c.queued;
  const settled = c.delivered + c.failed + c.cancelled;
  return (
    <div className="grid gap-4">
      <Bar
        label="Accepted"
        done={handled}
        of={c.rows}
        detail={`${handled.toLocaleString()} of ${c.rows.toLocaleString()} rows`}
      />
      <Bar
        label="Delivered"
        done={settled}
        of={c.ordered}
        detail={`${c.delivered.toLocaleString()} delivered, ${c.failed.toLocaleString()} failed of ${c.ordered.toLocaleString()}`}
      />
    </div>
  );
}
