import { DECISION_NOTE_MAX, type OrderSummary, recipientOf } from '@giftrelay/contracts';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { NoteDialog } from '@/components/ui/note-dialog';
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
  const words = WORDS[decision];
  const decide = useDecideOrder();
  const total = formatMajor(order.charged.total, order.charged.currency);

  const submit = async (note: string) => {
    try {
      await decide.mutateAsync({ orderId: order.order_id, decision, note });
    } catch (err) {
      // Decided meanwhile by someone else, or expired: the queue refreshes and the dialog says why.
      throw new Error(err instanceof ApiError && err.message ? err.message : 'Please try again.');
    }
    if (decision === 'approve') {
      toast.success('Order approved', { description: `The reward is on its way to ${recipientOf(order)}.` });
    } else {
      toast.success('Order rejected', { description: `${total} is back on the balance.` });
    }
  };

  return (
    <NoteDialog
      title={words.title}
      trigger={
        <Button
          size="sm"
          variant={decision === 'approve' ? 'default' : 'outline'}
          aria-label={`${words.trigger} the order of ${total} to ${recipientOf(order)}`}
        >
          {words.trigger}
        </Button>
      }
      description={
        <>
          {order.quantity > 1 ? `${order.quantity} × ` : ''}
          {order.product_name} to {recipientOf(order)}, {total} in all. {words.description}
        </>
      }
      noteLabel={words.label}
      noteMax={DECISION_NOTE_MAX}
      noteRequired={decision === 'reject' ? 'Write a reason: the sender sees it with the rejected order.' : undefined}
      submitLabel={words.submit}
      busyLabel={words.busy}
      isDestructive={decision === 'reject'}
      isBusy={decide.isPending}
      onSubmit={submit}
    />
  );
}
