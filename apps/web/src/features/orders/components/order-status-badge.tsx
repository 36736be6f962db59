import { Badge } from '@/components/ui/badge';
import { statusBadgeVariant, statusLabel } from '../utils/format';

export function OrderStatusBadge({ status }: { status: string }) {
  return <Badge variant={statusBadgeVariant(status)}>{statusLabel(status)}</Badge>;
}
