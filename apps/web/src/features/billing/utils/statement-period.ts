import {
  addDays,
  daysBetween,
  monthStart,
  STATEMENT_MAX_DAYS,
  type StatementFormat,
  utcDay,
} from '@giftrelay/contracts';

/** A statement's period: inclusive UTC days. */
export interface StatementPeriod {
  from: string;
  to: string;
}

export type StatementPreset = 'this-month' | 'last-month' | 'last-30-days' | 'custom';

/** The period a preset stands for, today being `today` (UTC). */
export function presetPeriod(preset: Exclude<StatementPreset, 'custom'>, today = utcDay()): StatementPeriod {
  if (preset === 'this-month') return { from: monthStart(today), to: today };
  if (preset === 'last-month') return { from: monthStart(today, -1), to: addDays(monthStart(today), -1) };
  return { from: addDays(today, -29), to: today };
}

/** What the server would refuse, as a sentence for the form, or null. */
export function periodProblem(p: Partial<StatementPeriod>, today = utcDay()): string | null {
  if (!p.from || !p.to) return 'Choose the first and the last day.';
  if (p.from > p.to) return 'The last day must be on or after the first day.';
  if (p.from > today) return 'The period cannot start after today.';
  if (daysBetween(p.from, p.to > today ? today : p.to) + 1 > STATEMENT_MAX_DAYS) {
    return `A statement covers at most ${STATEMENT_MAX_DAYS} days.`;
  }
  return null;
}

export const statementPath = (p: StatementPeriod, format: StatementFormat) =>
  `/api/v1/balance/statement?${new URLSearchParams({ from: p.from, to: p.to, format })}`;

export const statementFilename = (p: StatementPeriod, format: StatementFormat) =>
  `giftrelay-statement-${p.from}-${p.to}.${format}`;
