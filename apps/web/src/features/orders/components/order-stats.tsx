import { FIGURE_NOTES, type OrderStats as Stats } from '@giftrelay/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatMajor } from '@/lib/format';
import { Skeleton } from './skeleton';

const count = new Intl.NumberFormat('en-US');

interface OrderStatsProps {
  stats: Stats | undefined;
  isError: boolean;
  onRetry: () => void;
}

/** What Pending holds, in so many words: sending now, scheduled, waiting for approval. */
function pendingNote(stats: Stats): string {
  const sending = stats.pending - stats.scheduled - stats.pending_approval;
  const parts = [
    `${count.format(sending)} sending`,
    `${count.format(stats.scheduled)} scheduled`,
    `${count.format(stats.pending_approval)} waiting for approval`,
  ];
  return parts.join(' · ');
}

/** Total Orders, Delivered, Pending and Total Value over every order the search and filter match. */
export function OrderStats({ stats, isError, onRetry }: OrderStatsProps) {
  if (isError && !stats) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border p-4 text-sm">
        The order figures could not be loaded.
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  // Each figure with its one-line definition under it, the same words the dashboard and analytics
  // use (issue 35): visible to everyone, not only on hover.
  const figures = [
    { label: 'Total Orders', value: stats && count.format(stats.total_orders), note: FIGURE_NOTES.orders },
    { label: 'Delivered', value: stats && count.format(stats.delivered), note: FIGURE_NOTES.delivered },
    {
      label: 'Pending',
      value: stats && count.format(stats.pending),
      note: stats ? pendingNote(stats) : FIGURE_NOTES.pending,
    },
    {
      label: 'Total Value',
      value: stats && formatMajor(stats.total_value, stats.currency),
      note: FIGURE_NOTES.totalValue,
    },
  ];
  return (
    <dl aria-label="Order figures" aria-busy={!stats} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {figures.map((figure) => (
        <Card key={figure.label} className="p-4">
          <dt className="text-sm font-medium text-muted-foreground">{figure.label}</dt>
          <dd className="mt-1 truncate text-2xl font-bold tabular-nums">
            {figure.value ?? (
              <>
                <Skeleton className="h-8 w-20" />
                <span className="sr-only">Loading</span>
              </>
            )}
          </dd>
          <dd className="mt-1 text-xs text-muted-foreground">{figure.note}</dd>
        </Card>
      ))}
    </dl>
  );
}
