import { describe, expect, it } from 'vitest';
import { activePreset, lastDays, rangeFromSearchParams, siteAnalyticsQuery } from './range';

describe('site analytics range', () => {
  const today = '2026-03-31';
  it('defaults to the last 30 days, today included', () => {
    expect(rangeFromSearchParams(new URLSearchParams(), today)).toEqual({ from: '2026-03-02', to: today });
  });
  it('reads the URL and knows its preset', () => {
    const range = rangeFromSearchParams(new URLSearchParams('from=2026-03-25&to=2026-03-31'), today);
    expect(activePreset(range, today)).toBe(7);
    expect(activePreset({ from: '2026-03-01', to: today }, today)).toBeUndefined();
    expect(lastDays(90, today)).toEqual({ from: '2026-01-01', to: today });
    expect(siteAnalyticsQuery(range)).toBe('from=2026-03-25&to=2026-03-31');
  });
});
