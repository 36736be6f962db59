import { ANALYTICS_INTERVALS, type AnalyticsInterval, addDays, monthStart } from '@giftrelay/contracts';

/**
 * The analytics' date range and interval, as the URL holds them (`from`, `to`, `interval`).
 * Dates are UTC calendar days like the API's. What the URL says goes to the server unchanged, so a
 * range the server refuses (to before from) is reported by the server, with its message.
 */
export interface AnalyticsRange {
  from: string;
  to: string;
  /** Usually one of ANALYTICS_INTERVALS; a hand-edited URL may say anything, which the server refuses. */
  interval: string;
}

export const DEFAULT_DAYS = 30;

export interface Preset {
  id: string;
  label: string;
  interval: AnalyticsInterval;
  range: (today: string) => { from: string; to: string };
}

/** The first day of the month `months` before the given day's month. */
export const monthStartBefore = (isoDate: string, months: number): string => monthStart(isoDate, -months);

const lastDays = (days: number) => (today: string) => ({ from: addDays(today, -(days - 1)), to: today });

/** Quick ranges, each ending today (today included), with the interval that reads best for it. */
export const PRESETS: Preset[] = [
  { id: '7d', label: '7 days', interval: 'day', range: lastDays(7) },
  { id: '30d', label: '30 days', interval: 'day', range: lastDays(DEFAULT_DAYS) },
  { id: '90d', label: '90 days', interval: 'week', range: lastDays(90) },
  // This month and the 11 before it: twelve whole calendar months, the current one so far.
  {
    id: '12m',
    label: '12 months',
    interval: 'month',
    range: (today) => ({ from: monthStartBefore(today, 11), to: today }),
  },
];

export function rangeFromSearchParams(params: URLSearchParams, today: string): AnalyticsRange {
  const fallback = lastDays(DEFAULT_DAYS)(today);
  return {
    from: params.get('from') || fallback.from,
    to: params.get('to') || fallback.to,
    interval: params.get('interval') || 'day',
  };
}

/** The preset the range is, if any (the button shown pressed). */
export function activePreset(range: AnalyticsRange, today: string): Preset | undefined {
  return PRESETS.find((p) => {
    const r = p.range(today);
    return r.from === range.from && r.to === range.to;
  });
}

export const isInterval = (value: string): value is AnalyticsInterval =>
  (ANALYTICS_INTERVALS as readonly string[]).includes(value);

/** The query string the API and its export take: the same for both, so the file is what is shown. */
export function analyticsQuery(range: AnalyticsRange): string {
  return new URLSearchParams({ from: range.from, to: range.to, interval: range.interval }).toString();
}
