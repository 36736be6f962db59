import type { OrderSummary } from '@giftrelay/contracts';
import { formatFaceValue, formatMajor } from '@/lib/format';

/** The first block of the id: enough to tell orders apart on screen; the full id goes in title and label. */
export const shortOrderId = (id: string): string => id.split('-')[0]?.toUpperCase() || id;

/**
 * The Amount column: the face value in the card's currency (with the count of cards when there are
 * several), and what the balance was charged when that was in another currency.
 */
export function orderAmountText(order: Pick<OrderSummary, 'amount' | 'quantity' | 'currency' | 'charged'>): {
  face: string;
  charged?: string;
} {
  const face = formatFaceValue(order);
  if (order.charged.currency === order.currency) return { face };
  return { face, charged: formatMajor(order.charged.total, order.charged.currency) };
}
