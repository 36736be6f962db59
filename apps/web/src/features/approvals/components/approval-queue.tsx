import type { OrderSummary } from '@giftrelay/contracts';
import { recipientOf } from '@giftrelay/contracts';
import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { ListSkeleton } from '@/components/ui/list-states';
import { LoadError } from '@/components/ui/load-error';
import { ShowMore } from '@/components/ui/show-more';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth/use-session';
import { formatFaceValue, formatMajor, formatTimestamp } from '@/lib/format';
import { useWaitingOrders } from '../api/waiting-orders';
import { DecisionDialog } from './decision-dialog';

/**
 * The approval queue (decision 035): every order an approval rule caught, newest first, with
 * who sent it, what it holds and when it expires; Approve and Reject on each. Nobody approves
 * their own order, so that button is replaced by the reason.
 */
export function ApprovalQueue({ senderOf }: { senderOf: (userId: string | null) => string }) {
  const waiting = useWaitingOrders();
  const me = useUser().id;

  if (waiting.isPending) {
    return (
      <ListSkeleton label="Loading the approval queue" rows={3} rowClassName="h-28 rounded-xl" className="grid gap-3" />
    );
  }
  if (waiting.isError) {
    return (
      <LoadError
        title="We could not load the orders waiting for approval."
        error={waiting.error}
        onRetry={() => void waiting.refetch()}
        isRetrying={waiting.isFetching}
      />
    );
  }
  const orders = waiting.data.pages.flatMap((page) => page.data);
  if (orders.length === 0) {
    return (
      <div role="status" className="grid justify-items-center gap-2 rounded-xl border border-dashed p-10 text-center">
        <CheckCircle2 aria-hidden className="size-8 text-muted-foreground" />
        <p className="font-medium">Nothing waits for approval</p>
        <p className="max-w-sm text-sm text-muted-foreground">
          Orders your <Link to={`${paths.settings}?tab=approvals`}>approval rules</Link> catch appear here, and every
          owner and admin is emailed.
        </p>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <ul aria-label="Orders waiting for approval" className="grid gap-3">
        {orders.map((order) => (
          <WaitingOrder
            key={order.order_id}
            order={order}
            sender={senderOf(order.created_by)}
            isMine={order.created_by === me}
          />
        ))}
      </ul>
      <ShowMore query={waiting} />
    </div>
  );
}

function WaitingOrder({ order, sender, isMine }: { order: OrderSummary; sender: string; isMine: boolean }) {
  return (
    <li className="grid gap-3 rounded-xl border p-4 text-sm sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
      <div className="grid min-w-0 gap-1">
        <p className="font-medium break-words">
          {formatFaceValue(order)} {order.product_name}
        </p>
        <p className="break-words text-muted-foreground">
          To {order.recipient_name ? `${order.recipient_name} (${recipientOf(order)})` : recipientOf(order)} · from{' '}
          {sender}
        </p>
        <p className="text-muted-foreground">
          <span className="font-medium text-foreground tabular-nums">
            {formatMajor(order.charged.total, order.charged.currency)}
          </span>{' '}
          held · placed {formatTimestamp(order.created_at)}
          {order.approval?.expires_at && ` · rejected on its own after ${formatTimestamp(order.approval.expires_at)}`}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {isMine ? (
          <p className="text-xs text-muted-foreground">You placed it: another owner or admin approves it.</p>
        ) : (
          <DecisionDialog order={order} decision="approve" />
        )}
        <DecisionDialog order={order} decision="reject" />
      </div>
    </li>
  );
}
