import { DECISION_NOTE_MAX, type OrderSummary } from '@giftrelay/contracts';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogShell } from '@/components/ui/dialog-shell';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { formatMajor } from '@/lib/format';
import { type Decision, useDecideOrder } from '../api/waiting-orders';

const WORDS = {
  approve: {
    trigger: 'Approve',
    title: 'Approve this order?',
    description:
      'The reward is issued and emailed to the recipient at once. Your note, if any, is shown to the sender.',
    label: 'Note to the sender (optional)',
    submit: 'Approve order',
    busy: 'Approving...',
  },
  reject: {
    trigger: 'Reject',
    title: 'Reject this order?',
    description: 'Nothing is sent and the held amount goes back to the balance. Tell the sender why.',
    label: 'Reason for the sender',
    submit: 'Reject order',
    busy: 'Rejecting...',
  },
} as const;

/** Approve (note optional) or reject (note required) one waiting order, from the approval queue. */
export function DecisionDialog({ order, decision }: { order: OrderSummary; decision: Decision }) {
  const id = useId();
  const words = WORDS[decision];
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const decide = useDecideOrder();
  const total = formatMajor(order.charged.total, order.charged.currency);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (decide.isPending) return;
    const trimmed = note.trim();
    if (decision === 'reject' && !trimmed) {
      setError('Write a reason: the sender sees it with the rejected order.');
      return;
    }
    setError(undefined);
    try {
      // Awaited rather than mutate's callbacks: once decided, the order leaves the queue and this
      // dialog with it, and mutate's callbacks never run for an unmounted component.
      await decide.mutateAsync({ orderId: order.order_id, decision, note: trimmed });
    } catch (err) {
      // Decided meanwhile by someone else, or expired: the queue refreshes and the dialog says why.
      setError(err instanceof ApiError && err.message ? err.message : 'Please try again.');
      return;
    }
    if (decision === 'approve') {
      toast.success('Order approved', { description: `The reward is on its way to ${order.recipient_email}.` });
    } else {
      toast.success('Order rejected', { description: `${total} is back on the balance.` });
    }
    setNote('');
    setOpen(false);
  };

  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(undefined);
      }}
      size="md"
      title={words.title}
      trigger={
        <Button
          size="sm"
          variant={decision === 'approve' ? 'default' : 'outline'}
          aria-label={`${words.trigger} the order of ${total} to ${order.recipient_email}`}
        >
          {words.trigger}
        </Button>
      }
    >
      <DialogDescription className="text-sm text-muted-foreground">
        {order.quantity > 1 ? `${order.quantity} × ` : ''}
        {order.product_name} to {order.recipient_email}, {total} in all. {words.description}
      </DialogDescription>
      <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
        <FormField id={`${id}-note`} label={words.label} error={error}>
          <textarea
            {...fieldProps(`${id}-note`, error)}
            rows={3}
            maxLength={DECISION_NOTE_MAX}
            className="w-full rounded-md border bg-background px-3 py-2 text-sm aria-invalid:border-destructive"
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </FormField>
        <DialogActions>
          <Button type="submit" variant={decision === 'reject' ? 'destructive' : 'default'} disabled={decide.isPending}>
            {decide.isPending ? words.busy : words.submit}
          </Button>
        </DialogActions>
      </form>
    </DialogShell>
  );
}
