import type { OrderSummary } from '@giftrelay/contracts';
import { formatMoney, parseAmount } from '@giftrelay/money';

/** The first block of the id: enough to tell orders apart on screen; the full id goes in title and label. */
export const shortOrderId = (id: string): string => id.split('-')[0]?.toUpperCase() || id;

/** An amount from the API (major units, exact to the minor unit) as people read it: $1,234.50, ¥3,000. */
export function formatAmount(major: number, currency: string): string {
  const minor = parseAmount(Math.abs(major), currency);
  if (minor === undefined) return `${major} ${currency}`;
  const text = formatMoney(minor, currency);
  return major < 0 ? `-${text}` : text;
}

/**
 * The Amount column: the face value in the card's currency (with the count of cards when there are
 * several), and what the balance was charged when that was in another currency.
 */
export function orderAmountText(order: Pick<OrderSummary, 'amount' | 'quantity' | 'currency' | 'charged'>): {
  face: string;
  charged?: string;
} {
  const one = formatAmount(order.amount, order.currency);
  const face = order.quantity > 1 ? `${order.quantity} × ${one}` : one;
  if (order.charged.currency === order.currency) return { face };
  return { face, charged: formatAmount(order.charged.total, order.charged.currency) };
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const formatDate = (iso: string): string => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string): string => dateTimeFormat.format(new Date(iso));
