import type { Batch } from '@giftrelay/contracts';
import { formatCount } from '@/lib/format';
import { batchOutcome } from '../utils/outcome';

/** What became of the batch in words ("18 sent, 2 not sent"), and a bar of the rows done, live. */
export function BatchProgress({ batch }: { batch: Batch }) {
  const c = batch.counts;
  const done = c.rows - c.queued - c.in_progress;
  const percent = c.rows ? Math.round((done / c.rows) * 100) : 100;
  const detail = `${formatCount(done)} of ${formatCount(c.rows)} rows done`;
  return (
    <div className="grid gap-2">
      <p className="text-lg font-semibold" data-testid="batch-outcome" aria-live="polite">
        {batchOutcome(batch)}
      </p>
      <div
        role="progressbar"
        aria-label="Progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={detail}
        className="h-2.5 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm tabular-nums text-muted-foreground">{detail}</p>
    </div>
  );
}
