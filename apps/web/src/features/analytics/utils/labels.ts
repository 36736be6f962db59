import { findCountry } from '@giftrelay/contracts';
import { formatDay, formatMonth } from '@/lib/format';

/** A period of the series as a reader names it: "Mar 5, 2026", "Week of Mar 2, 2026", "March 2026". */
export function periodLabel(period: string, interval: string, { short = false } = {}): string {
  if (interval === 'month') return formatMonth(period, { short });
  const day = formatDay(period, { short });
  return interval === 'week' && !short ? `Week of ${day}` : day;
}

export type BreakdownKind = 'brand' | 'category' | 'country';

/** A breakdown key as shown: a country code by its name; an empty key is "Unknown". */
export function breakdownLabel(kind: BreakdownKind, key: string): string {
  if (!key) return 'Unknown';
  return kind === 'country' ? (findCountry(key)?.name ?? key) : key;
}
