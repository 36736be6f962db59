import { addDays } from '@giftrelay/contracts';

/** Site analytics' range as the URL holds it (`from`, `to`: inclusive UTC days, like the API's). */
export interface SiteRange {
  from: string;
  to: string;
}

export const DEFAULT_DAYS = 30;
export const PRESET_DAYS = [7, 30, 90] as const;

/** The last `days` days, today included. */
export const lastDays = (days: number, today: string): SiteRange => ({ from: addDays(today, -(days - 1)), to: today });

export function rangeFromSearchParams(params: URLSearchParams, today: string): SiteRange {
  const fallback = lastDays(DEFAULT_DAYS, today);
  return { from: params.get('from') || fallback.from, to: params.get('to') || fallback.to };
}

/** The preset the range is, if any (the button shown pressed). */
export const activePreset = (range: SiteRange, today: string) =>
  PRESET_DAYS.find((days) => {
    const r = lastDays(days, today);
    return r.from === range.from && r.to === range.to;
  });

export const siteAnalyticsQuery = (range: SiteRange) =>
  new URLSearchParams({ from: range.from, to: range.to }).toString();
