/**
 * UTC calendar-day arithmetic on 'YYYY-MM-DD' strings, the one definition the API's reports, the
 * web app's analytics range and the seeding tools share. Days are UTC days everywhere.
 */
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of a moment, in UTC. */
export const utcDay = (d: Date = new Date()): string => d.toISOString().slice(0, 10);

/** The moment a UTC day starts. */
export const startOfUtcDay = (day: string): Date => new Date(`${day}T00:00:00Z`);

/** The day `n` days after `day` (before it when negative). */
export const addDays = (day: string, n: number): string => utcDay(new Date(startOfUtcDay(day).getTime() + n * DAY_MS));

/** The moment `n` days before `d`. */
export const daysBefore = (d: Date, n: number): Date => new Date(d.getTime() - n * DAY_MS);

/** The first day of the month `months` after the given day's month (before it when negative). */
export function monthStart(day: string, months = 0): string {
  const d = startOfUtcDay(day);
  return utcDay(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1)));
}

/** The Monday on or before `day`. */
export function weekStart(day: string): string {
  return addDays(day, -((startOfUtcDay(day).getUTCDay() + 6) % 7));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((startOfUtcDay(to).getTime() - startOfUtcDay(from).getTime()) / DAY_MS);

/** A day as an email says it, in UTC: "28 November 2026". */
export const longUtcDate = (d: Date): string =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);
