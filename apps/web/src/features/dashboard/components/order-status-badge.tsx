import { ORDER_STATUS_LABELS, type OrderStatus } from '@giftrelay/contracts';
import { Badge } from '@/components/ui/badge';

type BadgeVariant = 'default' | 'secondary' | 'destructive';

/** The spec's badge styling: completed default, pending secondary, failed destructive, anything else secondary. */
export function statusBadgeVariant(status: string): BadgeVariant {
  if (status === 'completed') return 'default';
  if (status === 'failed') return 'destructive';
  return 'secondary';
}

export function statusLabel(status: string): string {
  return ORDER_STATUS_LABELS[status as OrderStatus] ?? status;
}

export function OrderStatusBadge({ status }: { status: string }) {
  return <Badge variant={statusBadgeVariant(status)}>{statusLabel(status)}</Badge>;
}
