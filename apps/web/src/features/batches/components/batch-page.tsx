import {
  BATCH_ROW_STATUSES,
  BATCH_STATUS_LABELS,
  type BatchRowStatus,
  ORDER_STATUS_LABELS,
} from '@giftrelay/contracts';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeading } from '@/components/layout/page-heading';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useCan } from '@/lib/auth/use-can';
import { formatCount, formatLocalDate, formatMajor, formatTimestamp } from '@/lib/format';
import { exportBatchRows, useBatch, useBatchRows, useDecideBatch } from '../api/batches';
import { faceValue } from '../utils/face-value';
import { ROW_STATUS_LABELS } from '../utils/sheet';
import { BatchProgress } from './batch-progress';
import { EmailText } from './email-text';
import { ScrollTable } from './scroll-table';

const RUNNING = new Set(['accepting', 'sending', 'pending_approval']);

/** One batch: its progress live, every row with what became of it, the results as CSV. */
export function BatchPage() {
  const { id = '' } = useParams();
  const batch = useBatch(id);
  const [status, setStatus] = useState<BatchRowStatus | undefined>();
  const running = batch.data ? RUNNING.has(batch.data.status) : undefined;
  const rows = useBatchRows(id, status, running);
  const [downloading, setDownloading] = useState(false);
  const filterId = useId();

  if (batch.isPending) return <Spinner label="Loading the batch" />;
  if (batch.isError) {
    return <LoadError title="The batch could not be loaded" error={batch.error} onRetry={() => void batch.refetch()} />;
  }
  const b = batch.data;
  const download = async () => {
    setDownloading(true);
    try {
      const filename = await exportBatchRows(id);
      toast.success('Results downloaded', { description: `Saved to ${filename}.` });
    } catch (err) {
      toast.error('Download failed', { description: (err as Error).message });
    } finally {
      setDownloading(false);
    }
  };
  const all = rows.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <PageHeading title={b.name ?? 'Batch'}>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <Link to="/orders/batches" className="underline underline-offset-4">
          Your batches
        </Link>
        <span aria-hidden>·</span>
        <span>Sent {formatTimestamp(b.created_at)}</span>
        <Badge variant={b.status === 'completed' ? 'secondary' : b.status === 'rejected' ? 'destructive' : 'warning'}>
          {BATCH_STATUS_LABELS[b.status]}
        </Badge>
      </p>
      <div className="mt-6 grid gap-4">
        <Card className="grid gap-5 p-6">
          <BatchProgress batch={b} />
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
            <Count label="Rows" value={b.counts.rows} />
            <Count label="With problems" value={b.counts.invalid} />
            <Count label="Balance too low" value={b.counts.insufficient_funds} />
            <Count label="In progress" value={b.counts.in_progress + b.counts.queued} />
            <div>
              <dt className="text-xs text-muted-foreground">Total</dt>
              <dd className="font-semibold">{formatMajor(b.charged.total, b.charged.currency)}</dd>
            </div>
          </dl>
          {b.status === 'pending_approval' ? <Decision id={id} expiresAt={b.approval?.expires_at ?? null} /> : null}
          {b.approval?.note ? <p className="text-sm">Approver’s note: {b.approval.note}</p> : null}
          <div>
            <Button type="button" variant="outline" onClick={() => void download()} disabled={downloading}>
              {downloading ? <Spinner label="Downloading" /> : <Download aria-hidden className="size-4" />}
              Download results
            </Button>
          </div>
        </Card>
        <Card className="grid gap-3 p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="font-medium">Rows</h2>
            <div className="flex items-center gap-2 text-sm">
              <label htmlFor={filterId}>Show</label>
              <select
                id={filterId}
                value={status ?? ''}
                onChange={(e) => setStatus((e.target.value || undefined) as BatchRowStatus | undefined)}
                className="h-9 rounded-md border bg-background px-2"
              >
                <option value="">All rows</option>
                {BATCH_ROW_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {ROW_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {rows.isError ? (
            <LoadError title="The rows could not be loaded" error={rows.error} onRetry={() => void rows.refetch()} />
          ) : rows.isPending ? (
            <Spinner label="Loading rows" />
          ) : all.length === 0 ? (
            <p className="text-sm text-muted-foreground">No rows here.</p>
          ) : (
            <ScrollTable
              label="Rows of the batch"
              headings={['Line', 'Email', 'Reward', 'Amount', 'Result', 'Details']}
            >
              {all.map((r) => (
                <tr key={r.row} className="border-t align-top" data-testid="batch-row">
                  <td className="py-2 pr-3 tabular-nums">{r.line}</td>
                  <td className="min-w-36 py-2 pr-3 [overflow-wrap:anywhere] sm:min-w-48">
                    <EmailText email={r.input.email} />
                  </td>
                  <td className="min-w-32 py-2 pr-3">{r.product_name ?? r.input.product_code}</td>
                  <td className="py-2 pr-3 tabular-nums">{faceValue(r.input.amount ?? undefined, r.currency)}</td>
                  <td className="py-2 pr-3">
                    {r.order_status ? ORDER_STATUS_LABELS[r.order_status] : ROW_STATUS_LABELS[r.status]}
                  </td>
                  <td className="py-2">
                    {r.errors.length ? (
                      <ul className="text-destructive">
                        {r.errors.map((e) => (
                          <li key={e.code + e.field}>{e.message}</li>
                        ))}
                      </ul>
                    ) : r.order_id ? (
                      <Link to={`/orders?order=${r.order_id}`} className="underline underline-offset-4">
                        Open order
                      </Link>
                    ) : null}
                    {r.failure_reason ? <p className="text-destructive">{r.failure_reason}</p> : null}
                  </td>
                </tr>
              ))}
            </ScrollTable>
          )}
          {rows.hasNextPage ? (
            <div>
              <Button
                type="button"
                variant="outline"
                disabled={rows.isFetchingNextPage}
                onClick={() => void rows.fetchNextPage()}
              >
                {rows.isFetchingNextPage ? <Spinner /> : null}
                Show more rows
              </Button>
            </div>
          ) : null}
        </Card>
      </div>
    </PageHeading>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{formatCount(value)}</dd>
    </div>
  );
}

/** Owners and admins approve or reject a waiting batch; everyone else sees that it waits. */
function Decision({ id, expiresAt }: { id: string; expiresAt: string | null }) {
  const mayDecide = useCan('approveBatch');
  const decide = useDecideBatch(id);
  const [note, setNote] = useState('');
  const noteId = useId();
  const run = (decision: 'approve' | 'reject') =>
    decide.mutate(
      { decision, note: note.trim() || undefined },
      {
        onSuccess: () => toast.success(decision === 'approve' ? 'Batch approved' : 'Batch rejected'),
        onError: (err) => toast.error('Decision not saved', { description: err.message }),
      },
    );
  return (
    <div className="grid gap-3 rounded-md border border-amber-300 p-4">
      <p className="text-sm">
        This batch waits for an owner or admin to approve it
        {expiresAt ? `; without a decision it is rejected on ${formatLocalDate(expiresAt)}` : ''}.
      </p>
      {mayDecide ? (
        <>
          <label htmlFor={noteId} className="text-sm font-medium">
            Note to the sender (optional)
          </label>
          <textarea
            id={noteId}
            rows={2}
            value={note}
            maxLength={500}
            onChange={(e) => setNote(e.target.value)}
            className="rounded-md border bg-background px-3 py-2 text-sm"
          />
          <div className="flex gap-2">
            <Button type="button" disabled={decide.isPending} onClick={() => run('approve')}>
              Approve batch
            </Button>
            <Button type="button" variant="destructive" disabled={decide.isPending} onClick={() => run('reject')}>
              Reject batch
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}
