import { EVENT_TYPES, type EventType, WEBHOOK_DELIVERY_STATUSES, type WebhookDelivery } from '@giftrelay/contracts';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ListSkeleton, ListStates } from '@/components/ui/list-states';
import { ApiError } from '@/lib/api-client';
import { formatTimestamp } from '@/lib/format';
import { useEventPayload } from '../api/get-event-payload';
import { type DeliveryFilters, useDeliveries, useReplayEvent, useReplayFailed } from '../api/webhooks';

type Status = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
const STATUS_LABELS: Record<Status, string> = { pending: 'Retrying', succeeded: 'Delivered', failed: 'Failed' };
const STATUS_VARIANTS = { pending: 'warning', succeeded: 'secondary', failed: 'destructive' } as const;
const errorMessage = (err: unknown) => (err instanceof Error && err.message ? err.message : 'Please try again.');
const selectClass = 'h-10 rounded-md border bg-background px-3 text-sm';

/** A local date-time an hour ago, as a datetime-local input shows it. */
function hourAgoLocal(): string {
  const d = new Date(Date.now() - 3_600_000);
  d.setMinutes(d.getMinutes() - d.getTimezoneOffset());
  return d.toISOString().slice(0, 16);
}

/** One endpoint's delivery log: filters, every attempt of each delivery, replay one, replay failed since. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const id = useId();
  const [filters, setFilters] = useState<DeliveryFilters>({});
  const deliveries = useDeliveries(endpointId, filters);
  const rows = deliveries.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <div className="grid gap-4 border-t bg-muted/30 p-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <label htmlFor={`${id}-type`} className="text-sm font-medium">
            Event type
          </label>
          <select
            id={`${id}-type`}
            className={selectClass}
            value={filters.eventType ?? ''}
            onChange={(e) =>
              setFilters((f) => ({ ...f, eventType: (e.target.value || undefined) as EventType | undefined }))
            }
          >
            <option value="">All types</option>
            {EVENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-status`} className="text-sm font-medium">
            Outcome
          </label>
          <select
            id={`${id}-status`}
            className={selectClass}
            value={filters.status ?? ''}
            onChange={(e) => setFilters((f) => ({ ...f, status: (e.target.value || undefined) as Status | undefined }))}
          >
            <option value="">All outcomes</option>
            {WEBHOOK_DELIVERY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <ReplayFailedForm endpointId={endpointId} />
      </div>
      <ListStates
        query={deliveries}
        loading={<ListSkeleton label="Loading the delivery log" rows={2} rowClassName="h-14 rounded-lg" />}
        errorTitle="We could not load the delivery log."
        isEmpty={() => rows.length === 0}
        empty={
          <p className="text-sm text-muted-foreground">
            {filters.eventType || filters.status
              ? 'No deliveries match these filters.'
              : 'No deliveries yet. Send a test event, or send a reward, to see one here.'}
          </p>
        }
      >
        {() => (
          <>
            <ul className="grid gap-2" aria-label="Deliveries">
              {rows.map((d) => (
                <DeliveryRow key={d.id} endpointId={endpointId} delivery={d} />
              ))}
            </ul>
            {deliveries.hasNextPage && (
              <Button
                variant="outline"
                size="sm"
                className="justify-self-center"
                aria-disabled={deliveries.isFetchingNextPage}
                onClick={() => !deliveries.isFetchingNextPage && deliveries.fetchNextPage()}
              >
                {deliveries.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            )}
          </>
        )}
      </ListStates>
    </div>
  );
}

function DeliveryRow({ endpointId, delivery }: { endpointId: string; delivery: WebhookDelivery }) {
  const replay = useReplayEvent();
  const last = delivery.attempts.at(-1);
  return (
    <li className="grid gap-2 rounded-lg border bg-card p-3 text-sm" data-testid="webhook-delivery">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <code className="font-mono text-xs">{delivery.event_type}</code>
          <Badge variant={STATUS_VARIANTS[delivery.status]}>{STATUS_LABELS[delivery.status]}</Badge>
          <span className="text-xs text-muted-foreground">{formatTimestamp(delivery.created_at)}</span>
        </div>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Replay ${delivery.event_type} of ${formatTimestamp(delivery.created_at)}`}
          aria-disabled={replay.isPending}
          onClick={() =>
            !replay.isPending &&
            replay.mutate(
              { id: endpointId, eventId: delivery.event_id },
              {
                onSuccess: () => toast.success('Event queued for delivery again'),
                onError: (err) => toast.error('Could not replay the event', { description: errorMessage(err) }),
              },
            )
          }
        >
          Replay
        </Button>
      </div>
      <p className="break-all font-mono text-xs text-muted-foreground">webhook-id {delivery.event_id}</p>
      <PayloadSent eventId={delivery.event_id} />
      {delivery.attempts.length === 0 ? (
        <p className="text-xs text-muted-foreground">Not attempted yet.</p>
      ) : (
        <details>
          <summary className="cursor-pointer text-xs">
            {delivery.attempts.length} attempt{delivery.attempts.length === 1 ? '' : 's'}; last:{' '}
            {last?.status_code ?? last?.error ?? 'no answer'}
            {delivery.next_attempt_at ? `, next retry ${formatTimestamp(delivery.next_attempt_at)}` : ''}
          </summary>
          <ol className="mt-2 grid gap-2">
            {delivery.attempts.map((a, i) => (
              <li key={a.attempted_at} className="grid gap-1 rounded border p-2 text-xs">
                <span>
                  Attempt {i + 1} at {formatTimestamp(a.attempted_at)}: {a.status_code ?? 'no answer'} in{' '}
                  {a.duration_ms} ms
                  {a.next_retry_at ? `; retry at ${formatTimestamp(a.next_retry_at)}` : ''}
                </span>
                {a.error && <span className="text-destructive">{a.error}</span>}
                {a.response_excerpt && (
                  <pre className="max-h-32 overflow-auto whitespace-pre-wrap break-all rounded bg-muted p-2">
                    {a.response_excerpt}
                  </pre>
                )}
              </li>
            ))}
          </ol>
        </details>
      )}
    </li>
  );
}

/** The JSON body every attempt of the delivery POSTed, loaded when opened. */
function PayloadSent({ eventId }: { eventId: string }) {
  const [open, setOpen] = useState(false);
  const payload = useEventPayload(eventId, open);
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-xs">Payload sent</summary>
      {payload.isPending ? (
        <p className="mt-2 text-xs text-muted-foreground">Loading the payload…</p>
      ) : payload.isError ? (
        <p className="mt-2 text-xs text-muted-foreground">
          {payload.error instanceof ApiError && payload.error.status === 404
            ? 'This event is older than 35 days: its payload is no longer kept.'
            : `The payload could not be loaded: ${errorMessage(payload.error)}`}
        </p>
      ) : (
        <pre
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling block must be reachable by keyboard to scroll it.
          tabIndex={0}
          className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded bg-muted p-2 text-xs focus-visible:outline-2"
          data-testid="webhook-payload"
        >
          {payload.data}
        </pre>
      )}
    </details>
  );
}

function ReplayFailedForm({ endpointId }: { endpointId: string }) {
  const id = useId();
  const [since, setSince] = useState(hourAgoLocal);
  const [error, setError] = useState<string>();
  const replay = useReplayFailed();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (replay.isPending) return;
    const at = new Date(since);
    if (!since || Number.isNaN(at.getTime())) {
      setError('Choose a date and time');
      return;
    }
    setError(undefined);
    replay.mutate(
      { id: endpointId, since: at },
      {
        onSuccess: (res) =>
          res.queued === 0
            ? toast.info('No failed deliveries since then')
            : toast.success(`${res.queued} failed ${res.queued === 1 ? 'delivery' : 'deliveries'} queued`, {
                description: res.has_more ? 'More remain: replay again to queue the rest.' : undefined,
              }),
        onError: (err) => {
          setError(errorMessage(err));
          toast.error('Could not replay failed deliveries', { description: errorMessage(err) });
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
      <div className="grid gap-1">
        <label htmlFor={`${id}-since`} className="text-sm font-medium">
          Replay failed since
        </label>
        <input
          id={`${id}-since`}
          type="datetime-local"
          className={selectClass}
          value={since}
          onChange={(e) => setSince(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-since-error` : undefined}
        />
      </div>
      <Button type="submit" variant="outline" aria-disabled={replay.isPending}>
        {replay.isPending ? 'Queuing...' : 'Replay failed'}
      </Button>
      {error && (
        <p id={`${id}-since-error`} role="alert" className="basis-full text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
