import { BATCH_STATUS_LABELS } from '@giftrelay/contracts';
import { Upload } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeading } from '@/components/layout/page-heading';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { formatMajor, formatTimestamp } from '@/lib/format';
import { useBatches } from '../api/batches';
import { batchOutcome } from '../utils/outcome';
import { ScrollTable } from './scroll-table';

/** Every batch the organisation sent, newest first, with its progress in numbers. */
export function BatchesPage() {
  const batches = useBatches();
  const all = batches.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <PageHeading title="Batches">
      <div className="mt-4 flex flex-wrap gap-3">
        <Button asChild>
          <Link to="/orders/bulk">
            <Upload aria-hidden className="size-4" />
            Send in bulk
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/orders">Order history</Link>
        </Button>
      </div>
      <Card className="mt-6 p-4">
        {batches.isPending ? (
          <Spinner label="Loading batches" />
        ) : batches.isError ? (
          <LoadError
            title="The batches could not be loaded"
            error={batches.error}
            onRetry={() => void batches.refetch()}
          />
        ) : all.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No batches yet. Send in bulk to reward many people from one CSV file.
          </p>
        ) : (
          <ScrollTable label="Batches" headings={['Batch', 'Status', 'Outcome', 'Total']}>
            {all.map((b) => (
              <tr key={b.batch_id} className="border-t">
                <td className="py-2 pr-3">
                  <Link to={`/orders/batches/${b.batch_id}`} className="underline underline-offset-4">
                    {b.name ?? `Batch of ${formatTimestamp(b.created_at)}`}
                  </Link>
                </td>
                <td className="py-2 pr-3">
                  <Badge variant="outline">{BATCH_STATUS_LABELS[b.status]}</Badge>
                </td>
                <td className="py-2 pr-3 tabular-nums">{batchOutcome(b)}</td>
                <td className="py-2 tabular-nums">{formatMajor(b.charged.total, b.charged.currency)}</td>
              </tr>
            ))}
          </ScrollTable>
        )}
        {batches.hasNextPage ? (
          <Button type="button" variant="outline" className="mt-3" onClick={() => void batches.fetchNextPage()}>
            Show more
          </Button>
        ) : null}
      </Card>
    </PageHeading>
  );
}
