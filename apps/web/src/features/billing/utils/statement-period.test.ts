import { describe, expect, it } from 'vitest';
import { periodProblem, presetPeriod, statementFilename, statementPath } from './statement-period';

describe('statement periods', () => {
  it('turns presets into UTC days', () => {
    expect(presetPeriod('this-month', '2026-11-26')).toEqual({ from: '2026-11-01', to: '2026-11-26' });
    expect(presetPeriod('last-month', '2026-03-05')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetPeriod('last-month', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetPeriod('last-30-days', '2026-11-26')).toEqual({ from: '2026-10-28', to: '2026-11-26' });
  });

  it('refuses what the server would: missing days, reversed, starting later than today, over 366 days', () => {
    const today = '2026-11-26';
    expect(periodProblem({ from: '2026-11-01' }, today)).toMatch(/first and the last/);
    expect(periodProblem({ from: '2026-11-02', to: '2026-11-01' }, today)).toMatch(/on or after/);
    expect(periodProblem({ from: '2026-11-27', to: '2026-11-28' }, today)).toMatch(/after today/);
    expect(periodProblem({ from: '2025-11-25', to: today }, today)).toMatch(/366/);
    expect(periodProblem({ from: '2025-11-26', to: today }, today)).toBeNull();
    // An end after today is read as today by the server.
    expect(periodProblem({ from: '2025-11-26', to: '2026-12-31' }, today)).toBeNull();
  });

  it('names the file and the API address', () => {
    const p = { from: '2026-11-01', to: '2026-11-26' };
    expect(statementPath(p, 'pdf')).toBe('/api/v1/balance/statement?from=2026-11-01&to=2026-11-26&format=pdf');
    expect(statementFilename(p, 'csv')).toBe('giftrelay-statement-2026-11-01-2026-11-26.csv');
  });
});
