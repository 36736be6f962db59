import { ORDER_STATUS_LABELS, type OrderStatus, orderStatusLabel } from '@giftrelay/contracts';
import { Badge } from '@/components/ui/badge';

export type StatusBadgeVariant = 'default' | 'secondary' | 'destructive' | 'outline' | 'warning';

const BADGE_VARIANTS: Record<OrderStatus, StatusBadgeVariant> = {
  completed: 'default',
  pending: 'secondary',
  failed: 'destructive',
  // Approvals (decision 035): waiting is outlined (nothing is happening yet), rejected is refused.
  pending_approval: 'outline',
  rejected: 'destructive',
  // Scheduled delivery (decision 042): waiting for its time like an approval; cancelled is over.
  scheduled: 'outline',
  cancelled: 'secondary',
  // Voided (decision 076): over, its money back, like a cancelled order.
  voided: 'secondary',
  // Risk rules (decision 083): held for a person like an approval; blocked is refused.
  pending_review: 'outline',
  blocked: 'destructive',
};

// Object.hasOwn, not `in` or a lookup: 'toString' is no status.
const isKnownStatus = (status: string): status is OrderStatus => Object.hasOwn(BADGE_VARIANTS, status);

/**
 * Spec section 4: completed default, pending secondary, failed destructive, anything else
 * secondary; pending approval outlined and rejected destructive.
 */
export const statusBadgeVariant = (status: string): StatusBadgeVariant =>
  isKnownStatus(status) ? BADGE_VARIANTS[status] : 'secondary';

/** Delivered / Pending / Failed / Pending approval / Rejected; a status the app does not know yet is shown as it comes, capitalised. */
export const statusLabel = (status: string): string =>
  isKnownStatus(status) ? ORDER_STATUS_LABELS[status] : status.charAt(0).toUpperCase() + status.slice(1);

/**
 * An order's status as the dashboard's Recent Orders and the order history show it. A completed
 * order with rewards that could not be issued is "Partly delivered" (decision 058), one with voided
 * rewards "Partly voided" (decision 076), as the CSV says.
 */
export function OrderStatusBadge({
  status,
  failedCount = 0,
  voidedCount = 0,
}: {
  status: string;
  failedCount?: number;
  voidedCount?: number;
}) {
  if (status === 'completed' && (failedCount > 0 || voidedCount > 0)) {
    return (
      <Badge variant="warning">
        {orderStatusLabel({ status, failed_count: failedCount, voided_count: voidedCount })}
      </Badge>
    );
  }
  return <Badge variant={statusBadgeVariant(status)}>{statusLabel(status)}</Badge>;
}
