import type { OrderSummary } from '@giftrelay/contracts';
import { exponentOf, formatMoney, parseAmount } from '@giftrelay/money';

/**
 * Display formatting for report figures. The API sends money in major units exact to the cent
 * (25.63); these turn it back into minor units before formatting, so no float rounding shows.
 */

/** 25.63 USD → "$25.63"; negative amounts keep their sign: "-$1.00". */
export function formatMajor(major: number, currency: string): string {
  const abs = Math.abs(major);
  // A sum the server computed in minor units and divided is exact; anything else rounds to the cent.
  const minor = parseAmount(abs, currency) ?? Math.round(abs * 10 ** exponentOf(currency));
  const text = formatMoney(minor, currency);
  return major < 0 ? `-${text}` : text;
}

/** The face value an order sent: "$25.00", or "3 × $25.00" for several rewards in one order. */
export function formatFaceValue(order: Pick<OrderSummary, 'amount' | 'currency' | 'quantity'>): string {
  const one = formatMajor(order.amount, order.currency);
  return order.quantity > 1 ? `${order.quantity} × ${one}` : one;
}

/** 87.5 → "87.5%", 0 → "0.0%": the API's percent with one decimal. */
export function formatPercent(percent: number): string {
  return `${percent.toFixed(1)}%`;
}

const counts = new Intl.NumberFormat('en-US');
/** 12345 → "12,345". */
export function formatCount(n: number): string {
  return counts.format(n);
}

const utcDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const utcShortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const utcMonth = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const utcShortMonth = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const localTimestamp = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const localDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** A UTC calendar date or month from the API ("2026-03-05", "2026-03") as a Date at its midnight. */
export function utcDate(isoDate: string): Date {
  return new Date(`${isoDate.length === 7 ? `${isoDate}-01` : isoDate.slice(0, 10)}T00:00:00Z`);
}

/** "2026-03-05" → "Mar 5, 2026" (or "Mar 5" with `short`). */
export function formatDay(isoDate: string, { short = false } = {}): string {
  return (short ? utcShortDay : utcDay).format(utcDate(isoDate));
}

/** "2026-03-01" or "2026-03" → "March 2026" (or "Mar 2026" with `short`). */
export function formatMonth(isoDate: string, { short = false } = {}): string {
  return (short ? utcShortMonth : utcMonth).format(utcDate(isoDate));
}

/** An instant in the reader's own time zone: "Mar 5, 2026, 2:07 PM". */
export function formatTimestamp(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : localTimestamp.format(date);
}

/** The day of an instant in the reader's own time zone: "Mar 5, 2026" (formatDay is for UTC days). */
export function formatLocalDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : localDate.format(date);
}

const compactMoney = new Map<string, Intl.NumberFormat>();
/** An axis label: 1234.5 USD → "$1.2K". */
export function formatCompactMajor(major: number, currency: string): string {
  let f = compactMoney.get(currency);
  if (!f) {
    f = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      notation: 'compact',
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
    });
    compactMoney.set(currency, f);
  }
  return f.format(major);
}
