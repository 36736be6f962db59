import type { OrderDetail } from '@giftrelay/contracts';
import { CalendarClock } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatMajor, formatTimestamp } from '@/lib/format';
import { sendAtOf, senderTimeZone, toLocalInput } from '@/lib/send-at';
import { useCancelOrder, useRescheduleOrder } from '../api/schedule-order';

/**
 * A scheduled order's time, and what can be done before it starts (decision 042): move it to
 * another time, or cancel it and have the held total back.
 */
export function ScheduleControls({ order }: { order: OrderDetail }) {
  const id = useId();
  const cancel = useCancelOrder(order.order_id);
  const reschedule = useRescheduleOrder(order.order_id);
  const [at, setAt] = useState(order.send_at ? toLocalInput(order.send_at) : '');
  const [error, setError] = useState<string>();
  const total = formatMajor(order.charged.total, order.charged.currency);

  const move = async (event: FormEvent) => {
    event.preventDefault();
    if (reschedule.isPending) return;
    const when = sendAtOf({ on: true, at });
    if (!when.sendAt) {
      setError(when.error);
      return;
    }
    setError(undefined);
    try {
      const moved = await reschedule.mutateAsync(when.sendAt);
      toast.success('Rescheduled', {
        description: `It goes out ${moved.send_at ? formatTimestamp(moved.send_at) : 'then'}.`,
      });
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'Please try again.');
    }
  };

  return (
    <div className="grid gap-4">
      <p role="note" className="flex items-start gap-2 rounded-lg border border-dashed p-3 text-sm">
        <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span>
          Scheduled for {order.send_at ? formatTimestamp(order.send_at) : '—'}. {total} is held until then.
        </span>
      </p>
      <form onSubmit={(e) => void move(e)} noValidate aria-label="Reschedule" className="grid gap-2">
        <Label htmlFor={`${id}-at`}>Send on</Label>
        <div className="flex flex-wrap gap-2">
          <Input
            id={`${id}-at`}
            type="datetime-local"
            className="w-60"
            value={at}
            onChange={(e) => {
              setAt(e.target.value);
              setError(undefined);
            }}
            aria-invalid={Boolean(error) || undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          />
          <Button type="submit" variant="outline" aria-disabled={reschedule.isPending}>
            {reschedule.isPending ? 'Saving…' : 'Reschedule'}
          </Button>
        </div>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          Your time zone: {senderTimeZone()}.
        </p>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </form>
      <ConfirmDialog
        trigger={
          <Button variant="outline" className="justify-self-start" disabled={cancel.isPending}>
            Cancel this order
          </Button>
        }
        title="Cancel this scheduled order?"
        description={`Nothing is sent, and ${total} goes back to your available balance.`}
        confirmLabel="Cancel order"
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => toast.success('Order cancelled', { description: `${total} is back on your balance.` }),
            onError: (err) => toast.error('Could not cancel the order', { description: err.message }),
          })
        }
      />
    </div>
  );
}
