import { formatMoney } from '@giftrelay/money';
import { Link } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { formatCount } from '@/lib/format';
import { useWaitingBatches } from '../api/waiting-batches';

/** Bulk batches waiting for a decision; each opens its page, where it is approved or rejected whole. */
export function WaitingBatches({ senderOf }: { senderOf: (userId: string | null) => string }) {
  const waiting = useWaitingBatches();
  if (waiting.isPending) return null;
  if (waiting.isError) {
    return (
      <LoadError
        title="We could not load the batches waiting for approval."
        error={waiting.error}
        onRetry={() => void waiting.refetch()}
      />
    );
  }
  const batches = waiting.data.data;
  if (!batches.length) return null;
  return (
    <section aria-label="Batches waiting for approval" className="grid gap-3">
      <h2 className="text-lg font-semibold">Batches</h2>
      <ul className="grid gap-3">
        {batches.map((b) => (
          <li key={b.batch_id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border p-4">
            <div>
              <p className="font-medium">{b.name ?? 'A batch'}</p>
              <p className="text-sm text-muted-foreground">
                {senderOf(b.created_by)} · {formatCount(b.counts.valid)} rewards ·{' '}
                {formatMoney(b.charged.total_minor, b.charged.currency)}
              </p>
            </div>
            <Link to={`/orders/batches/${b.batch_id}`} className="text-sm font-medium underline underline-offset-4">
              Review the batch
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
