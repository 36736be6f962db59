import { addDays } from '@giftrelay/contracts/dates';
import { describe, expect, it } from 'vitest';
import { activePreset, analyticsQuery, monthStartBefore, PRESETS, rangeFromSearchParams } from './range';

const preset = (id: string) => PRESETS.find((p) => p.id === id);

describe('analytics range', () => {
  it('defaults to the last 30 days by day, today included', () => {
    expect(rangeFromSearchParams(new URLSearchParams(), '2026-03-30')).toEqual({
      from: '2026-03-01',
      to: '2026-03-30',
      interval: 'day',
    });
  });

  it('takes the URL’s values as they are, even ones the server will refuse', () => {
    const params = new URLSearchParams('from=2026-02-10&to=2026-01-01&interval=week');
    expect(rangeFromSearchParams(params, '2026-03-30')).toEqual({
      from: '2026-02-10',
      to: '2026-01-01',
      interval: 'week',
    });
  });

  it('counts UTC calendar days across month and year ends', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(monthStartBefore('2026-03-30', 11)).toBe('2025-04-01');
  });

  it('offers 7, 30 and 90 days and 12 months, each ending today', () => {
    const today = '2026-03-30';
    expect(preset('7d')?.range(today)).toEqual({ from: '2026-03-24', to: today });
    expect(preset('30d')?.range(today)).toEqual({ from: '2026-03-01', to: today });
    expect(preset('90d')?.range(today)).toEqual({ from: '2025-12-31', to: today });
    expect(preset('12m')?.range(today)).toEqual({ from: '2025-04-01', to: today });
    expect(PRESETS.map((p) => p.interval)).toEqual(['day', 'day', 'week', 'month']);
    expect(activePreset({ from: '2026-03-24', to: today, interval: 'week' }, today)?.id).toBe('7d');
    expect(activePreset({ from: '2026-03-23', to: today, interval: 'day' }, today)).toBeUndefined();
  });

  it('asks the API and the export with the same query', () => {
    expect(analyticsQuery({ from: '2026-03-01', to: '2026-03-30', interval: 'week' })).toBe(
      'from=2026-03-01&to=2026-03-30&interval=week',
    );
  });
});
